"""Config loading: per-path dialects, globs, validation with clear messages."""

from __future__ import annotations

from pathlib import Path

import pytest

from analyzer.config import Config, ConfigError, load


def test_dialect_map_first_match_wins(tmp_path: Path) -> None:
    (tmp_path / "ddlaudit.toml").write_text(
        '[dialects]\n"warehouse/**" = "teradata"\n"**/*.sql" = "tsql"\n', encoding="utf-8"
    )
    config = load(start=str(tmp_path))
    assert config.dialect_for("warehouse/a/b.sql") == "teradata"
    assert config.dialect_for("/abs/repo/warehouse/x.sql") == "teradata"
    assert config.dialect_for("mssql/x.sql") == "tsql"
    assert config.dialect_for("x.ddl") is None


def test_pyproject_table(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[tool.ddlaudit]\ninclude = ["*.ddl"]\nencoding = "cp1252"\n', encoding="utf-8"
    )
    config = load(start=str(tmp_path))
    assert config.include == ("*.ddl",) and config.encoding == "cp1252"


def test_unknown_dialect_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "ddlaudit.toml"
    path.write_text('[dialects]\n"*.sql" = "oracle"\n', encoding="utf-8")
    with pytest.raises(ConfigError, match=r"expected one of .*tsql"):
        load(str(path))


def test_unknown_key_and_bad_toml(tmp_path: Path) -> None:
    path = tmp_path / "ddlaudit.toml"
    path.write_text("inclde = ['*.sql']\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="unknown key"):
        load(str(path))
    path.write_text("[dialects\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="invalid TOML"):
        load(str(path))


def test_defaults_without_a_file(tmp_path: Path) -> None:
    assert load(start=str(tmp_path)).dialect_map == Config().dialect_map
