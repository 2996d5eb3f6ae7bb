"""Development tooling for Gridworks (CPython only, never shipped to the browser)."""
