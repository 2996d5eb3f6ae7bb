"""Reactor Maintenance dev tools: level sources and the par search that writes the campaign index."""
