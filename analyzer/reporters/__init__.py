"""Reporters: turn estimates and findings into text, JSON, CSV (and, later, SARIF)."""
