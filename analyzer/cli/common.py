"""What every command shares: exit codes, the input options, config and sizing, output."""

from __future__ import annotations

import contextlib
import dataclasses
import sys
import typing as t

import click

import grammars

if t.TYPE_CHECKING:  # the commands that read files import them when they run (D108)
    from analyzer.config import Config
    from analyzer.ir import FileResult
    from analyzer.settings import SizingSettings

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE, EXIT_ENVIRONMENT, EXIT_INTERNAL = 0, 1, 2, 3, 4

DIALECT = click.Choice(list(grammars.names()), case_sensitive=False)
PLATFORM = click.Choice(["teradata", "hirdb", "mssql", "ase"])


def load_config(
    path: str | None, include: tuple[str, ...], exclude: tuple[str, ...], encoding: str | None
) -> Config:
    """The config file (given or found) with the command-line input options applied."""
    from analyzer.config import ConfigError, load

    try:
        config = load(path)
    except ConfigError as err:
        raise click.UsageError(str(err)) from None
    if include:
        config = dataclasses.replace(config, include=include)
    if exclude:
        config = dataclasses.replace(config, exclude=(*config.exclude, *exclude))
    if encoding:
        config = dataclasses.replace(config, encoding=encoding)
    return config


def sizing_settings(
    config: Config,
    platform: str | None = None,
    fill: float | None = None,
    rows: int | None = None,
    averages_path: str | None = None,
) -> SizingSettings:
    """The config's ``[size]`` settings with the command-line options applied and checked."""
    from analyzer.settings import SettingsError, check_fill, check_rows

    changes: dict[str, t.Any] = {}
    try:
        if platform is not None:
            changes["platform"] = platform
        if fill is not None:
            changes["fill"] = check_fill(fill)
        if rows is not None:
            changes["rows"] = check_rows(rows)
        if averages_path is not None:
            from analyzer import averages

            changes["averages"] = averages.load(averages_path)
    except SettingsError as err:
        raise click.UsageError(str(err)) from None
    return dataclasses.replace(config.sizing, **changes)


def input_options(fn: t.Callable[..., t.Any]) -> t.Callable[..., t.Any]:
    """Options shared by every command that reads DDL."""
    fn = click.option(
        "--dialect",
        type=DIALECT,
        default=None,
        help="Read every file in this dialect (default: [dialects] in the config, "
        "then detection from content).",
    )(fn)
    fn = click.option(
        "--encoding",
        default=None,
        metavar="CODEC",
        help="Decode every file with this codec (default: detect: BOM, UTF-8, "
        "Shift_JIS/cp932, cp1252, latin-1).",
    )(fn)
    fn = click.option(
        "--include",
        multiple=True,
        metavar="GLOB",
        help="Only read files matching GLOB (repeatable; default *.sql *.ddl *.tab *.rcl *.txt).",
    )(fn)
    fn = click.option(
        "--exclude", multiple=True, metavar="GLOB", help="Skip files matching GLOB (repeatable)."
    )(fn)
    fn = click.option(
        "--config",
        "config_path",
        default=None,
        metavar="FILE",
        type=click.Path(dir_okay=False),
        help="Config file (default: ddlaudit.toml, .ddlaudit.toml or [tool.ddlaudit] in "
        "pyproject.toml, searched upwards).",
    )(fn)
    return fn


def output_option(fn: t.Callable[..., t.Any]) -> t.Callable[..., t.Any]:
    """``--output FILE``: write the report there instead of stdout."""
    return click.option(
        "--output",
        "-o",
        "output",
        default=None,
        metavar="FILE",
        type=click.Path(dir_okay=False, writable=True),
        help="Write the report to FILE instead of standard output.",
    )(fn)


def emit(text: str, output: str | None) -> None:
    """Write a report to ``output`` (UTF-8) or stdout, ending with one newline."""
    if not text.endswith("\n"):
        text += "\n"
    if output is None or output == "-":
        click.echo(text, nl=False)
        return
    try:
        with open(output, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
    except OSError as err:
        raise click.UsageError(f"cannot write {output}: {err.strerror}") from None


@contextlib.contextmanager
def text_output(output: str | None) -> t.Iterator[t.TextIO | None]:
    """A handle for a report printed piece by piece: ``output`` opened, or None (stdout)."""
    if output is None or output == "-":
        yield None
        return
    try:
        handle = open(output, "w", encoding="utf-8", newline="\n")  # noqa: SIM115
    except OSError as err:
        raise click.UsageError(f"cannot write {output}: {err.strerror}") from None
    with handle:
        yield handle


def jobs_option(fn: t.Callable[..., t.Any]) -> t.Callable[..., t.Any]:
    """``--jobs N``: files in N worker processes (docs/streaming.md)."""
    return click.option(
        "--jobs",
        "-j",
        "jobs",
        type=click.IntRange(min=1),
        default=None,
        metavar="N",
        help="Process files in N worker processes, output in listing order as with one "
        "(default: the number of cores; 1: in this process).",
    )(fn)


def resolve_jobs(jobs: int | None) -> int:
    """``--jobs`` as given, else the cores this process may use."""
    import os

    if jobs is not None:
        return jobs
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


@contextlib.contextmanager
def stream_output(output: str | None) -> t.Iterator[t.TextIO]:
    """A handle a streamed report is written to as it is made: ``output`` (UTF-8) or
    standard output."""
    import os

    if output is None or output == "-":
        try:
            yield sys.stdout
            sys.stdout.flush()
        except BrokenPipeError:
            # The reader stopped (``| head``): end quietly, as Python's own tools do (exit 1),
            # with stdout on /dev/null so that the interpreter's last flush cannot fail too.
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            sys.exit(EXIT_FINDINGS)
        return
    try:
        handle = open(output, "w", encoding="utf-8", newline="\n")  # noqa: SIM115
    except OSError as err:
        raise click.UsageError(f"cannot write {output}: {err.strerror}") from None
    with handle:
        yield handle


def json_item(obj: t.Any, depth: int = 2) -> str:
    """``obj`` as it appears in a ``json.dumps(..., indent=2)`` document at ``depth``
    (an array item of a top-level key is at depth 2), without its leading indent's
    line break; encoded by msgspec (``analyzer.jsontext``, D140)."""
    from analyzer.jsontext import REFUSED, dumps, encode, item

    try:
        return item(encode(obj), depth)
    except REFUSED:  # as json writes them
        pad = "  " * depth  # JSON strings hold no raw line break: every line is indented
        return pad + dumps(obj).replace("\n", "\n" + pad)


def write_document(
    handle: t.TextIO, head: dict[str, t.Any], key: str, items: t.Iterable[str]
) -> int:
    """Write ``{**head, key: [items...]}`` exactly as ``json.dumps(indent=2)`` does (plus
    a final line break), each item (made by :func:`json_item` or
    ``analyzer.jsontext.item``) as it comes, and return the number of items: the
    document is never built whole."""
    from analyzer.jsontext import dumps

    opening = dumps({**head, key: []})
    if not opening.endswith("[]\n}"):  # the streamed key must be the last one
        raise ValueError(f"{key!r} is not the last key of the document")
    handle.write(opening[: -len("]\n}")])
    count = 0
    for item in items:
        handle.write(("\n" if count == 0 else ",\n") + item)
        count += 1
    handle.write("\n  ]\n}\n" if count else "]\n}\n")
    return count


def jsonl_line(handle: t.TextIO, obj: dict[str, t.Any]) -> None:
    """One JSON Lines record, flushed: a reader sees each file as soon as it is done."""
    from analyzer.jsontext import dumps

    handle.write(dumps(obj, indent=None) + "\n")
    handle.flush()


def report_diagnostics(results: t.Sequence[FileResult], extra: t.Iterable[t.Any]) -> int:
    """Print diagnostics on stderr; return the number of errors."""
    from analyzer.diagnostics import render
    from analyzer.ir import Severity

    errors = 0
    for d in (*extra, *(d for r in results for d in r.diagnostics)):
        if d.severity is Severity.ERROR:
            errors += 1
        click.echo(render(d), err=True)
    return errors


def read_stdin(paths: t.Sequence[str]) -> bytes | None:
    return sys.stdin.buffer.read() if "-" in paths else None


def stdin_first(listed: list[tuple[str, str]], stdin: bytes | None) -> list[tuple[str, str]]:
    """``analyze_paths``'s order: standard input (once) first, then the files."""
    from analyzer.scopes import STDIN_PATH

    given = [item for item in listed if item[0] == STDIN_PATH][:1] if stdin is not None else []
    return [*given, *(item for item in listed if item[0] != STDIN_PATH)]


def pool_failed(err: BaseException) -> t.NoReturn:
    """A run that could not finish (a worker process died, Ctrl-C): exit 4, no traceback."""
    click.echo(f"ddlaudit: {err}", err=True)
    sys.exit(EXIT_INTERNAL)


def internal_error(err: BaseException) -> t.NoReturn:
    click.echo(f"ddlaudit: internal error: {type(err).__name__}: {err}", err=True)
    sys.exit(EXIT_INTERNAL)
