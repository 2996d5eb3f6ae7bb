"""The /selfcheck/ diagnostics page."""
