"""Gridworks rules engines: pure-Python, deterministic, runtime-independent."""

__version__ = "0.1.0"
