"""Language server benchmark: how long ``ddlaudit lsp`` takes to answer a one-file change.

    python bench/lsp.py [--lines 2000] [--changes 30] [--seed 1]

Starts the real server (``ddlaudit lsp`` in a new interpreter, this checkout's code)
and talks to it over its standard input and output with JSON-RPC framing, as an editor
does: ``initialize``, ``didOpen`` of a generated T-SQL file of ``--lines`` lines
(``bench/run.py``'s generator), then ``--changes`` full-text ``didChange`` notifications,
each one edit of one column name, alternately a reserved word (an N002 finding) and not.
A change's time is from writing the notification to reading the ``publishDiagnostics``
for it (the edited statement parsed again, the file checked and linted again, the
diagnostics serialised); the server's own CPU time over the changes (``/proc``) is printed
too, the steadier figure on a shared machine; the hover is timed from request to
response.  Prints the figures and writes ``bench/results/lsp.json``.  A measurement, not
a test (the target: under 100 ms after the first parse).

:class:`Client` is the test suite's client too (tests/test_lsp.py).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import queue
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import typing as t
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

#: The server, started as the CLI starts it, from this checkout.
SERVER = [sys.executable, "-c", "from analyzer.cli import main; main()", "lsp"]


class ServerGone(RuntimeError):
    """The server closed its output (exited or crashed) before answering."""


class Client:
    """A minimal LSP client over a subprocess's pipes (Content-Length framing).

    Every wait has a timeout: a hung server fails the caller instead of hanging it.
    """

    def __init__(
        self, argv: t.Sequence[str] = SERVER, cwd: str | Path | None = None, timeout: float = 60
    ) -> None:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
        self.timeout = timeout
        self.proc = subprocess.Popen(
            list(argv),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=cwd,
            env=env,
        )
        self._inbox: queue.Queue[dict[str, t.Any] | None] = queue.Queue()
        self.seen: list[dict[str, t.Any]] = []
        self._id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        out = self.proc.stdout
        assert out is not None
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    self._inbox.put(None)
                    return
                line = line.strip()
                if not line:
                    break
                name, _, value = line.decode("ascii").partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value)
            if length is None:
                continue
            self._inbox.put(json.loads(out.read(length)))

    def send(self, message: dict[str, t.Any]) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        stdin = self.proc.stdin
        assert stdin is not None
        stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        stdin.flush()

    def notify(self, method: str, params: t.Any) -> None:
        self.send({"method": method, "params": params})

    def wait(
        self, matches: t.Callable[[dict[str, t.Any]], bool], timeout: float | None = None
    ) -> dict[str, t.Any]:
        """The first message (already seen or arriving) that ``matches``; it is consumed."""
        for i, message in enumerate(self.seen):
            if matches(message):
                return self.seen.pop(i)
        deadline = time.monotonic() + (timeout or self.timeout)
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no answer from the language server in time")
            try:
                message = self._inbox.get(timeout=left)
            except queue.Empty:
                raise TimeoutError("no answer from the language server in time") from None
            if message is None:
                raise ServerGone(self.stderr())
            if matches(message):
                return message
            self.seen.append(message)

    def request(self, method: str, params: t.Any, timeout: float | None = None) -> t.Any:
        """Send a request and return its result (an error response raises)."""
        self._id += 1
        ident = self._id
        self.send({"id": ident, "method": method, "params": params})
        answer = self.wait(lambda m: m.get("id") == ident and "method" not in m, timeout)
        if "error" in answer:
            raise RuntimeError(f"{method}: {answer['error']}")
        return answer.get("result")

    def diagnostics(self, uri: str, timeout: float | None = None) -> list[dict[str, t.Any]]:
        """The next ``publishDiagnostics`` for ``uri``."""
        found = self.wait(
            lambda m: (
                m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri
            ),
            timeout,
        )
        diagnostics: list[dict[str, t.Any]] = found["params"]["diagnostics"]
        return diagnostics

    def initialize(
        self,
        root: str | Path | None,
        options: t.Any = None,
        capabilities: dict[str, t.Any] | None = None,
    ) -> t.Any:
        root_uri = Path(root).resolve().as_uri() if root is not None else None
        result = self.request(
            "initialize",
            {
                "processId": os.getpid(),
                "rootUri": root_uri,
                "capabilities": capabilities or {},
                "initializationOptions": options,
            },
        )
        self.notify("initialized", {})
        return result

    def stop(self, timeout: float = 20) -> int:
        """``shutdown``, ``exit``, and the server's exit status (killed if it lingers)."""
        try:
            if self.proc.poll() is None:
                self.request("shutdown", None, timeout)
                self.notify("exit", None)
            return self.proc.wait(timeout)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait()
            for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
                if stream is not None:
                    stream.close()

    def stderr(self) -> str:
        err = self.proc.stderr
        if err is None or self.proc.poll() is None:
            return "the server closed its output"
        return err.read().decode("utf-8", "replace")[-2000:]


def document(lines: int, seed: int) -> str:
    """A T-SQL file of about ``lines`` lines (``bench/run.py``'s statements, GO batches)."""
    sys.path.insert(0, str(HERE))
    from run import tsql_statement

    rng = random.Random(seed)
    parts: list[str] = []
    count = i = 0
    while count < lines:
        statement = tsql_statement(rng, i) + "\nGO\n"
        parts.append(statement)
        count += statement.count("\n")
        i += 1
    return "".join(parts)


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of process ``pid`` so far (Linux ``/proc``; None elsewhere):
    the server's own work, whatever else the machine runs."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main(argv: t.Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--lines", type=int, default=2000)
    parser.add_argument("--changes", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default=str(HERE / "results" / "lsp.json"))
    args = parser.parse_args(argv)

    text = document(args.lines, args.seed)
    # the edited column: the first column line's name, renamed to user / user_x in turn
    head = text.index("(\n") + 2
    name_start = len(text[head:]) - len(text[head:].lstrip()) + head
    name_end = name_start
    while text[name_end].isalnum() or text[name_end] in "_[]":
        name_end += 1
    with tempfile.TemporaryDirectory() as root:
        path = Path(root, "big.sql")
        path.write_text(text, encoding="utf-8")
        uri = path.resolve().as_uri()
        client = Client(cwd=root, timeout=120)
        try:
            started = time.perf_counter()
            client.initialize(root)
            init = time.perf_counter() - started
            started = time.perf_counter()
            item = {"uri": uri, "languageId": "sql", "version": 1, "text": text}
            client.notify("textDocument/didOpen", {"textDocument": item})
            first = client.diagnostics(uri)
            opened = time.perf_counter() - started
            changes = []
            counts = []
            cpu_before = cpu_seconds(client.proc.pid)
            for n in range(args.changes):
                name = "user" if n % 2 == 0 else f"user_{n}"
                changed = text[:name_start] + name + text[name_end:]
                params = {
                    "textDocument": {"uri": uri, "version": n + 2},
                    "contentChanges": [{"text": changed}],
                }
                started = time.perf_counter()
                client.notify("textDocument/didChange", params)
                found = client.diagnostics(uri)
                changes.append(time.perf_counter() - started)
                counts.append(len(found))
            cpu_after = cpu_seconds(client.proc.pid)
            hovers = []
            line = text[:name_start].count("\n")
            for _ in range(10):
                started = time.perf_counter()
                client.request(
                    "textDocument/hover",
                    {"textDocument": {"uri": uri}, "position": {"line": line, "character": 6}},
                )
                hovers.append(time.perf_counter() - started)
        finally:
            status = client.stop()
    ms = [1000 * c for c in changes]
    figures = {
        "lines": text.count("\n"),
        "statements": text.count("\nGO\n"),
        "bytes": len(text.encode("utf-8")),
        "initialize_ms": round(1000 * init, 1),
        "first_open_ms": round(1000 * opened, 1),
        "first_open_diagnostics": len(first),
        "change_ms": {
            "median": round(statistics.median(ms), 1),
            "p90": round(_percentile(ms, 0.9), 1),
            "max": round(max(ms), 1),
            "min": round(min(ms), 1),
        },
        "changes": len(ms),
        "server_cpu_ms_per_change": (
            round(1000 * (cpu_after - cpu_before) / len(ms), 1)
            if cpu_before is not None and cpu_after is not None
            else None
        ),
        "diagnostics_per_change": sorted(set(counts)),
        "hover_ms_median": round(1000 * statistics.median(hovers), 1),
        "server_exit": status,
        "load_average": os.getloadavg(),
        "python": platform.python_version(),
    }
    print(
        f"{figures['lines']} lines, {figures['statements']} statements: initialize "
        f"{figures['initialize_ms']} ms, first didOpen -> diagnostics {figures['first_open_ms']} ms"
    )
    c = figures["change_ms"]
    print(
        f"didChange -> publishDiagnostics over {len(ms)} changes: median {c['median']} ms, "
        f"p90 {c['p90']} ms, min {c['min']} ms, max {c['max']} ms (target < 100 ms)"
    )
    print(
        f"server CPU per change: {figures['server_cpu_ms_per_change']} ms (its own time, "
        "whatever else the machine runs)"
    )
    print(f"hover: median {figures['hover_ms_median']} ms; load average {figures['load_average']}")
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
