"""Progress of a scan's Spark stages on stderr (:class:`StageProgress`)."""

from __future__ import annotations

import sys
import threading
from types import TracebackType

from pyspark import SparkContext


class StageProgress:
    """Progress of the running Spark stages on stderr, polled from the status tracker.

    A rich bar on a terminal; otherwise (CI logs) a plain line every 15 seconds.
    """

    def __init__(self, context: SparkContext, enabled: bool) -> None:
        self._tracker = context.statusTracker()
        self._enabled = enabled
        self._label = "reading files"
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._tty = enabled and sys.stderr.isatty()

    def phase(self, label: str) -> None:
        self._label = label
        if self._enabled and not self._tty:
            print(f"ddlaudit scan: {label}", file=sys.stderr, flush=True)

    def _tasks(self) -> tuple[int, int]:
        done = total = 0
        for stage in self._tracker.getActiveStageIds():
            info = self._tracker.getStageInfo(stage)
            if info is not None:
                done += info.numCompletedTasks
                total += info.numTasks
        return done, total

    def _run_rich(self) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
        )

        columns = (
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("tasks"),
            TimeElapsedColumn(),
        )
        with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
            task = bar.add_task(self._label, total=None)
            while not self._stop.wait(0.5):
                done, total = self._tasks()
                bar.update(task, description=self._label, completed=done, total=total or None)

    def _run_plain(self) -> None:
        last = ""
        while not self._stop.wait(15):
            done, total = self._tasks()
            line = f"ddlaudit scan: {self._label}: {done}/{total} tasks"
            if total and line != last:
                print(line, file=sys.stderr, flush=True)
                last = line

    def __enter__(self) -> StageProgress:
        if self._enabled:
            target = self._run_rich if self._tty else self._run_plain
            self._thread = threading.Thread(target=target, name="ddlaudit-progress", daemon=True)
            self._thread.start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
