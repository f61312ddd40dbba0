"""SAP/Sybase ASE (with Replication Server RCL and SQL Remote beside it): what ddlaudit
knows before it loads the grammar (:mod:`grammars.sybase`).

The evidence is what content detection scores (:mod:`analyzer.detect`); D108 says why
it lives apart from the grammar.
"""

from __future__ import annotations

from grammars.profile import Profile, evidence

PROFILE = Profile(
    name="sybase",
    description="SAP/Sybase ASE Transact-SQL",
    module="grammars.sybase",
    evidence=(
        # ASE only (SQL Server has none of these): weighted high; `shared`: old Transact-SQL
        # that SQL Server accepts too (sp_addtype, setuser, checkpoint, ...)
        evidence(
            r"\block\s+(?:datarows|datapages|allpages)\b", 5, "LOCK DATAROWS/DATAPAGES/ALLPAGES"
        ),
        evidence(r"\bsp_addtype\b", 5, "sp_addtype", shared=True),
        evidence(r"\buni(?:char|varchar|text)\b", 5, "UNICHAR / UNIVARCHAR / UNITEXT"),
        evidence(r"\bbig(?:datetime|time)\b", 5, "BIGDATETIME / BIGTIME"),
        evidence(r"\bmax_rows_per_page\b", 5, "max_rows_per_page"),
        evidence(r"\bexp_row_size\b", 5, "exp_row_size"),
        evidence(r"\breservepagegap\b", 5, "reservepagegap"),
        evidence(r"\bidentity_gap\b", 5, "identity_gap"),
        evidence(
            r"\bsp_primarykey\b|\bsp_foreignkey\b", 5, "sp_primarykey / sp_foreignkey", shared=True
        ),
        evidence(r"\bsp_setrep(?:table|licate)\b", 5, "sp_setreptable / sp_setreplicate"),
        evidence(r"\bon\s+'default'", 4, "ON 'default' segment"),
        evidence(r"\bpartition\s+by\s+roundrobin\b", 5, "PARTITION BY ROUNDROBIN"),
        evidence(r"^\s*setuser\b", 4, "setuser", shared=True),
        evidence(
            r"\bdump\s+(?:tran|transaction|database)\b", 4, "dump tran / dump database", shared=True
        ),
        evidence(
            r"\bsp_(?:bindrule|bindefault|dboption|addsegment)\b",
            3,
            "ASE system procedure",
            shared=True,
        ),
        evidence(r"\bunsigned\s+(?:smallint|int|bigint)\b", 3, "UNSIGNED integer types"),
        evidence(r"\blongsysname\b", 4, "LONGSYSNAME"),
        evidence(r"^\s*checkpoint\s*$", 2, "checkpoint", shared=True),
        # Replication Server RCL and SQL Remote, which live beside ASE scripts (D30)
        evidence(
            r"\bcreate\s+(?:(?:applied|request)\s+)?(?:function\s+)?replication\s+definition\b",
            5,
            "CREATE REPLICATION DEFINITION",
        ),
        evidence(r"\balter\s+replication\s+definition\b", 5, "ALTER REPLICATION DEFINITION"),
        evidence(r"\bwith\s+(?:primary|replicate)\s+at\b", 5, "WITH PRIMARY | REPLICATE AT"),
        evidence(r"\bsp_setrepcol\b|\bsp_commonkey\b", 5, "sp_setrepcol / sp_commonkey"),
        evidence(
            r"\bsp_(?:add_remote_table|create_publication|add_article|create_subscription)\b",
            5,
            "SQL Remote for ASE procedure",
        ),
        evidence(r"\bsubscribe\s+by\b", 4, "SUBSCRIBE BY (SQL Anywhere publication)"),
        evidence(r"\bcreate\s+publication\b", 3, "CREATE PUBLICATION"),
    ),
    batch_separator=True,
)
