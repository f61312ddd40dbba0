"""Data files behind the rule families (read with :mod:`importlib.resources`)."""
