"""ddlaudit: static analysis of legacy enterprise DDL.

The pipeline, one layer per package module (no layer reaches back up):

    source -> split -> parse (grammars/) -> IR (build) -> passes -> estimates -> findings -> report

See docs/architecture.md.
"""

__version__ = "0.1.0"
