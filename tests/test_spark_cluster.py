"""``ddlaudit scan`` on a real Spark standalone cluster (issue 21 item 6).

A master and one worker are started on 127.0.0.1 from the installed pyspark's
``spark-class``; ``ddlaudit scan --master spark://...`` runs in a subprocess (the
test session's shared local SparkSession must not be replaced by a cluster one),
and every dataset it writes must equal the one the shared ``local[2]`` session
writes for the same input (row multisets: Parquet part order is not an order).  The
cluster scan is told ``--conf spark.ddlaudit.scopeFiles=0``: every scope leaves the one
pass and is spread over several tasks (D191, issue 28), while the local scan analyses
each scope in one task, so the two paths are compared across processes.
The worker runs on this machine with this virtualenv, so the executors import
the package as the driver does; docs/spark.md says how it reaches a real cluster.

Master and worker are killed in every case (``finally``, whole process group).
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pyspark", reason="pyspark is not installed: pip install -e '.[spark]'")

from analyzer.core import Options
from analyzer.rows import DATASETS
from analyzer.spark.scan import run_scan

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
_MASTER_URL = re.compile(r"Starting Spark master at (spark://127\.0\.0\.1:\d+)")
_REGISTERED = "Successfully registered with master"
#: Columns that legitimately differ between two runs (wall-clock time).
_VOLATILE = {"files": {"analysis_ms"}}


def spark_home() -> Path:
    """The Spark distribution inside the installed pyspark package."""
    import pyspark

    return Path(pyspark.__file__).resolve().parent


@dataclass(frozen=True)
class Daemon:
    """A Spark daemon started in its own process group, logging to ``log``."""

    proc: subprocess.Popen[bytes]
    log: Path

    def text(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")

    def wait_for(self, pattern: re.Pattern[str], seconds: float) -> re.Match[str]:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            found = pattern.search(self.text())
            if found is not None:
                return found
            if self.proc.poll() is not None:
                break
            time.sleep(0.2)
        raise AssertionError(f"{self.log.name}: no {pattern.pattern!r}:\n{self.text()[-3000:]}")

    def stop(self) -> None:
        if self.proc.poll() is None:
            for sig, grace in ((signal.SIGTERM, 10.0), (signal.SIGKILL, 5.0)):
                try:
                    os.killpg(self.proc.pid, sig)
                except ProcessLookupError:
                    break
                try:
                    self.proc.wait(timeout=grace)
                    break
                except subprocess.TimeoutExpired:
                    continue


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        SPARK_HOME=str(spark_home()),
        SPARK_LOCAL_IP="127.0.0.1",
        PYSPARK_PYTHON=sys.executable,
        PYSPARK_DRIVER_PYTHON=sys.executable,
    )
    return env


def _start(args: list[str], log: Path) -> Daemon:
    with log.open("wb") as sink:
        proc = subprocess.Popen(
            [str(spark_home() / "bin" / "spark-class"), *args],
            stdout=sink,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            env=_env(),
            start_new_session=True,  # its own process group: killed as a whole
        )
    return Daemon(proc, log)


@dataclass(frozen=True)
class Cluster:
    url: str
    master: Daemon
    worker: Daemon


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[Cluster]:
    from analyzer.spark.session import java_problem

    problem = java_problem()
    if problem is not None:
        pytest.skip(f"the cluster test needs Java 17+: {problem}")
    daemons: list[Daemon] = []
    try:
        master = _start(
            [
                "org.apache.spark.deploy.master.Master",
                *("--host", "127.0.0.1", "--port", "0", "--webui-port", "0"),
            ],
            tmp_path / "master.log",
        )
        daemons.append(master)
        url = master.wait_for(_MASTER_URL, 60).group(1)
        worker = _start(
            [
                "org.apache.spark.deploy.worker.Worker",
                url,
                *("--host", "127.0.0.1", "--port", "0", "--webui-port", "0"),
                *("--cores", "1", "--memory", "1g", "--work-dir", str(tmp_path / "work")),
            ],
            tmp_path / "worker.log",
        )
        daemons.append(worker)
        # The scan may start before the worker registers: its tasks wait for it.
        yield Cluster(url, master, worker)
    finally:
        for daemon in reversed(daemons):
            daemon.stop()


def rows(spark: Any, out: Path, dataset: str) -> Counter[tuple[Any, ...]]:
    frame = spark.read.parquet(str(out / dataset))
    keep = [c for c in frame.columns if c not in _VOLATILE.get(dataset, set())]
    return Counter(tuple(r) for r in frame.select(*keep).collect())


@pytest.mark.spark
def test_standalone_cluster_scan_equals_local_mode(
    spark: Any, cluster: Cluster, tmp_path: Path
) -> None:
    started = time.monotonic()
    on_cluster = tmp_path / "cluster"
    command = [
        sys.executable,
        "-c",
        "from analyzer.cli import main; main()",
        "scan",
        *("--master", cluster.url, "--out", str(on_cluster), "--no-progress", str(FIXTURES)),
        *("--conf", "spark.ddlaudit.scopeFiles=0"),  # every scope spread over tasks
    ]
    proc = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=_env(), cwd=os.getcwd()
    )
    try:
        # Local mode meanwhile, on the shared session (same input, same working directory).
        local = tmp_path / "local"
        summary = run_scan([str(FIXTURES)], str(local), options=Options(), progress=False)
        stdout, stderr = proc.communicate(timeout=240)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    logs = f"{stderr.decode(errors='replace')[-3000:]}\nworker:\n{cluster.worker.text()[-2000:]}"
    assert proc.returncode in (0, 1), logs  # 1: the fixtures hold files with errors
    assert _REGISTERED in cluster.worker.text()
    # The executor ran on the standalone worker, not in a local JVM.
    assert "Asked to launch executor app-" in cluster.worker.text(), logs
    assert f"scanned {summary.files} files" in stdout.decode(), stdout
    for dataset in DATASETS:
        expected, got = rows(spark, local, dataset), rows(spark, on_cluster, dataset)
        assert got == expected, (
            dataset,
            list((got - expected).items())[:3],
            list((expected - got).items())[:3],
        )
    assert summary.files > 200 and summary.findings > 0 and summary.edges > 0
    # The scopes were spread: phase 2 of one dialect's files ran in several tasks.
    spread = {p.name.split("-")[1] for p in (on_cluster / "files").rglob("part-*-s2.*parquet")}
    assert len(spread) >= 2, sorted((on_cluster / "files").rglob("part-*"))
    print(f"cluster test: {time.monotonic() - started:.1f} s")
