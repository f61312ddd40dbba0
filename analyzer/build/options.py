"""Table options: what follows the column list (Teradata SET / MULTISET, FALLBACK,
DATABLOCKSIZE, JOURNAL ...; ASE lock scheme and storage options; SQL Server filegroups,
compression, system versioning, ledger, graph and distribution; HiRDB RDAREAs, FIX,
PCTFREE and row partitioning) → :class:`TableOptions`; anything else is kept as text in
``extra``.

>>> import grammars
>>> from sqlglot.errors import ErrorLevel
>>> g = grammars.get("teradata")
>>> sql = "CREATE MULTISET TABLE t, FALLBACK, DATABLOCKSIZE = 64 KBYTES (a INTEGER)"
>>> tree = g.dialect().parse(sql, error_level=ErrorLevel.RAISE)[0]
>>> o = table_options(tree, Context(path="x.sql", grammar=g, text=sql, offset=0, index=None), [])
>>> o.set_semantics, o.fallback, o.datablocksize
('MULTISET', True, 65536)
"""

from __future__ import annotations

import typing as t
from dataclasses import replace

from sqlglot import exp

from analyzer.build.context import Context, dotted_name, int_of, name_of, names_of, text_of
from analyzer.build.indexes import partition_levels
from analyzer.ir import Index, RdareaPartition, RowPartitioning, TableOptions
from grammars import nodes
from grammars import nodes as ms_nodes  # SQL Server's, in grammars.nodes (D108)
from grammars import nodes as td_nodes  # Teradata's, in grammars.nodes (D108)

_BLOCK_UNITS = {
    "BYTES": 1,
    "BYTE": 1,
    "KBYTES": 1024,
    "KBYTE": 1024,
    "KILOBYTES": 1024,
    "KILOBYTE": 1024,
}


#: ``WITH name = n`` table options kept typed (Sybase ASE storage options).
_INT_OPTIONS = frozenset({"max_rows_per_page", "exp_row_size", "reservepagegap", "identity_gap"})


def table_options(create: exp.Create, ctx: Context, indexes: list[Index]) -> TableOptions:
    values: dict[str, t.Any] = {}
    journal: list[str] = []
    extra: list[tuple[str, str]] = []
    props = create.args.get("properties")
    for prop in props.expressions if isinstance(props, exp.Properties) else []:
        if isinstance(prop, exp.SetProperty):
            values["set_semantics"] = "MULTISET" if prop.args.get("multi") else "SET"
        elif isinstance(prop, exp.FallbackProperty):
            values["fallback"] = not prop.args.get("no")
        elif isinstance(prop, nodes.MapProperty):
            values["map"] = name_of(prop.this)
            if prop.args.get("colocate") is not None:
                extra.append(("colocate_using", text_of(prop.args["colocate"], ctx)))
        elif isinstance(prop, exp.DataBlocksizeProperty):
            size = int_of(prop.args.get("size"))
            unit = str(prop.args.get("units") or "BYTES").upper()
            if size is not None:
                values["datablocksize"] = size * _BLOCK_UNITS.get(unit, 1)
            else:
                extra.append(("datablocksize", ctx.sql(prop) or ""))
        elif isinstance(prop, exp.FreespaceProperty):
            values["freespace"] = int_of(prop.this)
        elif isinstance(prop, exp.JournalProperty):
            journal.append(ctx.sql(prop) or "")
        elif isinstance(prop, exp.ChecksumProperty):
            on = prop.args.get("on")
            values["checksum"] = "DEFAULT" if prop.args.get("default") else ("ON" if on else "OFF")
        elif isinstance(prop, exp.TemporaryProperty):
            values.setdefault("temporary", "TEMPORARY")
        elif isinstance(prop, exp.VolatileProperty):
            values["temporary"] = "VOLATILE"
        elif isinstance(prop, exp.OnCommitProperty):
            values["on_commit"] = "DELETE ROWS" if prop.args.get("delete") else "PRESERVE ROWS"
        elif isinstance(prop, exp.NoPrimaryIndexProperty):
            if not any(ix.kind == "no_primary_index" for ix in indexes):
                indexes.insert(0, Index(kind="no_primary_index"))
        elif isinstance(prop, exp.GlobalProperty):
            values["temporary"] = "GLOBAL TEMPORARY"
        elif isinstance(prop, exp.PartitionedByProperty):
            levels = partition_levels(prop.this, ctx)
            target = next(
                (i for i, ix in enumerate(indexes) if ix.kind == "no_primary_index"), None
            )
            if target is None:
                indexes.insert(0, Index(kind="no_primary_index", partitioning=levels))
            else:
                indexes[target] = replace(indexes[target], partitioning=levels)
        elif isinstance(prop, exp.OnProperty):
            target = prop.this
            values["filegroup"] = (
                name_of(target) if isinstance(target, exp.Identifier) else ctx.sql(target)
            )
        elif isinstance(prop, nodes.LockSchemeProperty):
            values["lock_scheme"] = name_of(prop.this).upper()
        elif isinstance(prop, nodes.FixTableProperty):
            values["fix"] = bool(prop.args.get("fix"))
            values["share"] = bool(prop.args.get("share"))
        elif isinstance(prop, nodes.RdareaProperty):
            values["rdareas"] = names_of(prop.expressions)
        elif isinstance(prop, nodes.RowPartitionProperty):
            values["partitioning"] = _row_partitioning(prop, ctx)
            values["rdareas"] = tuple(p.rdarea for p in values["partitioning"].partitions)
        elif isinstance(prop, nodes.PctFreeProperty):
            values["pctfree_unused"] = int_of(prop.this) if prop.this is not None else None
            free = prop.args.get("free_pages")
            values["pctfree_free_pages"] = int_of(free) if free is not None else None
        elif isinstance(prop, nodes.TableFlagProperty):
            values[name_of(prop.this).lower().replace(" ", "_")] = True
        elif isinstance(prop, exp.WithSystemVersioningProperty):
            values["system_versioning"] = bool(prop.args.get("on"))
            history = prop.args.get("this")
            if history is not None:
                values["history_table"] = dotted_name(history)
            for key in ("data_consistency", "retention_period"):
                if prop.args.get(key) is not None:
                    extra.append((key, text_of(prop.args[key], ctx)))
        elif isinstance(prop, ms_nodes.LedgerProperty):
            if prop.args.get("on"):
                values["ledger"] = "append_only" if prop.args.get("append_only") else "updatable"
            if prop.args.get("view") is not None:
                extra.append(("ledger_view", dotted_name(prop.args["view"])))
        elif isinstance(prop, ms_nodes.GraphTableProperty):
            values["graph"] = prop.name.lower()
        elif isinstance(prop, ms_nodes.DistributionProperty):
            values["distribution"] = prop.name.upper()
            values["distribution_columns"] = names_of(prop.expressions)
        elif isinstance(prop, ms_nodes.TableIndexProperty):
            values["storage_index"] = ctx.sql(prop) or prop.name
        elif isinstance(prop, ms_nodes.RangePartitionProperty):
            side = prop.args.get("side")
            values["partitioning"] = RowPartitioning(
                kind=f"range {side.name.lower() if side is not None else 'left'}",
                columns=names_of([prop.this]),
                boundaries=tuple(text_of(v, ctx) for v in prop.expressions),
            )
        elif isinstance(prop, td_nodes.QueueProperty):
            values["queue"] = True
        elif isinstance(prop, nodes.TextImageOnProperty):
            values["textimage_filegroup"] = name_of(prop.this)
        elif isinstance(prop, nodes.FileStreamOnProperty):
            values["filestream_filegroup"] = name_of(prop.this)
        elif isinstance(prop, nodes.CompressionProperty):
            key = name_of(prop.this).upper()
            value = text_of(prop.args.get("value"), ctx).upper()
            if prop.args.get("partitions"):
                extra.append((key.lower(), ctx.sql(prop) or value))
            elif key == "DATA_COMPRESSION":
                values["data_compression"] = value
            else:
                extra.append((key.lower(), value))
        elif type(prop) is exp.Property:
            key = name_of(prop.this).upper()
            value = text_of(prop.args.get("value"), ctx)
            if key == "DATA_COMPRESSION":
                values["data_compression"] = value.upper()
            elif key == "MEMORY_OPTIMIZED":
                values["memory_optimized"] = value.upper() == "ON"
            elif key.lower() in _INT_OPTIONS and int_of(prop.args.get("value")) is not None:
                values[key.lower()] = int_of(prop.args.get("value"))
            else:
                extra.append((key.lower(), value))
        else:
            name = type(prop).__name__.removesuffix("Property")
            extra.append((name.lower(), ctx.sql(prop) or ""))
    target = create.this.this if isinstance(create.this, exp.Schema) else create.this
    # ##name: SQL Server's global temporary table; ASE has no global kind (a # name is a
    # session temporary table there, whatever follows the first #).
    ident = target.this if isinstance(target, exp.Table) else None
    if isinstance(ident, exp.Identifier) and ident.args.get("global_"):
        kind = "GLOBAL TEMPORARY" if ctx.grammar.name == "tsql" else "TEMPORARY"
        values.setdefault("temporary", kind)
    return TableOptions(journal=tuple(journal), extra=tuple(extra), **values)


def _row_partitioning(prop: nodes.RowPartitionProperty, ctx: Context) -> RowPartitioning:
    """HiRDB row partitioning (key range, hash, matrix) with its RDAREAs in order."""
    hash_function = prop.args.get("hash_function")
    return RowPartitioning(
        kind=name_of(prop.this).lower(),
        columns=names_of(prop.expressions),
        hash_function=name_of(hash_function) if hash_function is not None else None,
        partitions=tuple(
            RdareaPartition(
                name_of(p.this), text_of(p.args["bound"], ctx) if p.args.get("bound") else None
            )
            for p in prop.args.get("partitions") or []
        ),
        boundaries=tuple(text_of(b, ctx) for b in prop.args.get("boundaries") or []),
        dimensions=tuple(_row_partitioning(d, ctx) for d in prop.args.get("dimensions") or []),
    )
