"""Create (quietly) or reuse the SparkSession ddlaudit runs on.

Three situations, in order:

1. a SparkSession or SparkContext is already active (tests, notebooks, a
   driver program that calls :func:`analyzer.spark.run_scan`): reuse it and
   leave its configuration and lifetime alone;
2. running under ``spark-submit`` (the JVM already exists and holds the
   submitted configuration, ``PYSPARK_GATEWAY_PORT`` is set): build the
   session from that configuration, adding nothing;
3. otherwise launch a local JVM with defaults sized for a small machine and
   ddlaudit's log4j2 configuration, with the JVM's stderr filtered so start-up
   chatter does not reach the terminal.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from pyspark import SparkConf, SparkContext
from pyspark.sql import SparkSession

#: Spark 4 runs on Java 17 or newer.
JAVA_MIN = 17

#: The log4j2 configuration shipped with the package (root level ERROR).
LOG4J2_CONFIG = Path(__file__).with_name("log4j2.properties")

#: Defaults for a locally launched JVM: a 2-core laptop or CI runner.  The scan
#: shuffles almost nothing, so few shuffle partitions; the UI is off because a
#: batch scan has nobody to look at it and it costs a port and start-up time.
LOCAL_DEFAULTS: Mapping[str, str] = {
    "spark.app.name": "ddlaudit",
    "spark.driver.memory": "1g",
    "spark.sql.shuffle.partitions": "4",
    "spark.sql.session.timeZone": "UTC",
    "spark.ui.enabled": "false",
    "spark.ui.showConsoleProgress": "false",
    "spark.sql.execution.arrow.pyspark.enabled": "false",
    "spark.python.worker.reuse": "true",
}

#: JVM options of a local-mode JVM (driver and executors in one process; D113): the
#: client compiler only (C2's compiler threads took half the CPU of a short scan's JVM on
#: 2 cores, and a scan's JVM work is conversion and Parquet writing, not long hot loops),
#: and the serial collector (no parallel GC threads competing with the Python workers).
#: Measured: JVM start plus a first job 26.5 s CPU -> 13.0 s at load 4-5 on 2 cores.
LOCAL_JVM_OPTIONS: tuple[str, ...] = ("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC")

#: Lines the JVM prints on stderr before log4j is configured; nothing else is dropped.
_JVM_NOISE = re.compile(
    rb"^(WARNING: Using incubator modules|Using Spark's default log4j profile|"
    rb"Setting default log level to|To adjust logging level use sc\.setLogLevel)"
)
_JAVA_VERSION = re.compile(r'version "(\d+)(?:\.(\d+))?')


class Session:
    """A SparkContext, its SparkSession and whether ddlaudit created them (and so must stop
    them). The SparkSession of a context ddlaudit starts is made on first use: building it
    cost 4.2 s of the JVM's start on this machine, and a scan whose tasks write their own
    Parquet parts (D130) runs on the context alone."""

    def __init__(
        self, context: SparkContext, owned: bool, spark: SparkSession | None = None
    ) -> None:
        self.context = context
        self.owned = owned
        self._spark = spark

    @property
    def spark(self) -> SparkSession:
        """The SparkSession (made now if it was not yet)."""
        if self._spark is None:
            self._spark = SparkSession.builder.getOrCreate()
        return self._spark

    @property
    def has_sql(self) -> bool:
        """Whether the SparkSession exists (given, or made by :attr:`spark`)."""
        return self._spark is not None

    def setting(self, key: str) -> str | None:
        """A configuration value: the session's (``spark.conf.set`` included) once it
        exists, else the context's (``--conf``, spark-defaults.conf)."""
        if self._spark is not None:
            value = self._spark.conf.get(key, None)
            return None if value is None else str(value)
        return self.context.getConf().get(key)

    def close(self) -> None:
        """Stop the context if ddlaudit created it; a borrowed one is left running."""
        if self.owned:
            if self._spark is not None:
                self._spark.stop()
            else:
                self.context.stop()


def parse_java_version(text: str) -> int | None:
    """The major version in ``java -version`` output.

    >>> parse_java_version('openjdk version "17.0.15" 2025-04-15')
    17
    >>> parse_java_version('java version "1.8.0_292"')
    8
    >>> parse_java_version("no java here") is None
    True
    """
    m = _JAVA_VERSION.search(text)
    if m is None:
        return None
    major = int(m.group(1))
    # Java 8 and older report "1.<major>".
    return int(m.group(2) or 0) if major == 1 else major


def java_executable() -> str | None:
    """The java Spark's launcher will run: ``$JAVA_HOME/bin/java`` first, then PATH."""
    home = os.environ.get("JAVA_HOME")
    if home:
        candidate = Path(home, "bin", "java")
        if candidate.is_file():
            return str(candidate)
    return shutil.which("java")


def java_version() -> int | None:
    """Major version of :func:`java_executable`; None when there is no working java."""
    exe = java_executable()
    if exe is None:
        return None
    try:
        proc = subprocess.run(
            [exe, "-version"], capture_output=True, text=True, timeout=60, check=False
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    return parse_java_version(proc.stderr + proc.stdout)


def java_problem() -> str | None:
    """Why Spark cannot start here (no Java / too old), or None when it can."""
    version = java_version()
    if version is None:
        return f"Java {JAVA_MIN}+ not found (set JAVA_HOME or put java on PATH)"
    if version < JAVA_MIN:
        return f"Java {version} found but Spark needs Java {JAVA_MIN}+ (set JAVA_HOME)"
    return None


def _is_local(master: str | None) -> bool:
    return master is None or master.startswith("local")


def _master_configured() -> bool:
    """Whether spark-submit will get a master from PYSPARK_SUBMIT_ARGS or spark-defaults.conf."""
    if "--master" in os.environ.get("PYSPARK_SUBMIT_ARGS", ""):
        return True
    for conf_dir in (
        os.environ.get("SPARK_CONF_DIR"),
        os.path.join(os.environ["SPARK_HOME"], "conf") if os.environ.get("SPARK_HOME") else None,
    ):
        if conf_dir is None:
            continue
        defaults = Path(conf_dir, "spark-defaults.conf")
        try:
            text = defaults.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        if re.search(r"^\s*spark\.master\s", text, re.MULTILINE):
            return True
    return False


def local_conf(master: str | None, extra: Sequence[tuple[str, str]] = ()) -> SparkConf:
    """The configuration a locally launched JVM gets (see :data:`LOCAL_DEFAULTS`), then
    ``extra`` (``scan --conf``)."""
    conf = SparkConf(loadDefaults=False)
    chosen = master or os.environ.get("MASTER")
    if chosen is None and not _master_configured():
        chosen = "local[*]"
    if chosen is not None:
        conf.setMaster(chosen)
    for key, value in LOCAL_DEFAULTS.items():
        conf.set(key, value)
    if _is_local(chosen):
        # Bind to loopback: no "hostname resolves to a loopback address" warning,
        # and no dependence on the machine's network set-up.
        conf.set("spark.driver.host", "127.0.0.1")
        conf.set("spark.driver.bindAddress", "127.0.0.1")
    java = [f"-Dlog4j2.configurationFile={LOG4J2_CONFIG.as_uri()}"]
    if _is_local(chosen):
        java.extend(LOCAL_JVM_OPTIONS)
    conf.set("spark.driver.extraJavaOptions", " ".join(java))
    for key, value in extra:
        conf.set(key, value)
    return conf


def _forward(stream: IO[bytes]) -> None:
    # Runs for the JVM's lifetime: it must keep draining the pipe whatever
    # happens, or the JVM would block writing to a full pipe.
    for line in iter(stream.readline, b""):
        if _JVM_NOISE.match(line):
            continue
        try:
            sys.stderr.write(line.decode("utf-8", "replace"))
            sys.stderr.flush()
        except (OSError, ValueError):
            pass


def _launch_gateway(conf: SparkConf) -> object:
    """Start the JVM with its stderr piped through :func:`_forward`."""
    from pyspark import java_gateway

    launch: Any = java_gateway.launch_gateway  # untyped in pyspark
    read_fd, write_fd = os.pipe()
    reader = os.fdopen(read_fd, "rb")
    # Started before the launch so that a JVM that fails to start still has its
    # error message forwarded (and can never fill the pipe).
    threading.Thread(target=_forward, args=(reader,), name="spark-jvm-stderr", daemon=True).start()
    try:
        return launch(conf, popen_kwargs={"stderr": write_fd})
    finally:
        os.close(write_fd)


def get_session(master: str | None = None, conf: Sequence[tuple[str, str]] = ()) -> Session:
    """The SparkSession to run on (see the module docstring for which one); ``conf``
    applies to a session started here only."""
    active = SparkSession.getActiveSession()
    if active is not None:
        return Session(active.sparkContext, owned=False, spark=active)
    if SparkContext._active_spark_context is not None:
        return Session(SparkContext._active_spark_context, owned=False)
    if "PYSPARK_GATEWAY_PORT" in os.environ or SparkContext._gateway is not None:
        # spark-submit (or an earlier, stopped context): the JVM exists, so JVM
        # options can no longer apply; take the configuration it was given.
        builder = SparkSession.builder.appName("ddlaudit")
        if master is not None:
            builder = builder.master(master)
        for key, value in conf:
            builder = builder.config(key, value)
        spark = builder.getOrCreate()
        spark.sparkContext.setLogLevel("WARN")
        session = Session(spark.sparkContext, owned=True, spark=spark)
    else:
        made = local_conf(master, conf)
        context = SparkContext(conf=made, gateway=_launch_gateway(made))
        context.setLogLevel("ERROR")
        session = Session(context, owned=True)
    if "PYSPARK_PYTHON" not in os.environ:
        # Workers default to "python3" on PATH, which is not the virtualenv when
        # ddlaudit runs as .venv/bin/ddlaudit without activation.
        session.context.pythonExec = sys.executable
    return session
