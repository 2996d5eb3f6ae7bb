"""Helpers for build.py: pinned artifacts, wheels, site assembly, serving, benchmarks."""
