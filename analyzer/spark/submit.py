"""The driver program for ``spark-submit``: runs the ``ddlaudit`` command line.

``spark-submit`` needs a Python file as the application; this module is that file
(docs/spark.md)::

    spark-submit --master yarn --deploy-mode client \\
        --archives ddlaudit-env.tar.gz#environment \\
        "$(python -c 'import analyzer.spark.submit as m; print(m.__file__)')" \\
        scan hdfs:///repos/ddl --out hdfs:///scans/ddl

The arguments after the file are ``ddlaudit``'s.  The session then comes from
spark-submit's configuration (:func:`analyzer.spark.session.get_session`, case 2).
"""

from __future__ import annotations


def main() -> None:
    """Run the ``ddlaudit`` command line with this process's arguments."""
    from analyzer.cli import main as cli

    cli()


if __name__ == "__main__":
    main()
