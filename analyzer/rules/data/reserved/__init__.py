"""Reserved-word lists, one ``<platform>.txt`` per platform (see :mod:`analyzer.rules.words`)."""
