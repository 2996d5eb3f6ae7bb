"""Orbit Simulator browser glue."""
