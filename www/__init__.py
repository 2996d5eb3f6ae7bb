"""Gridworks browser glue (packaged as ``gwweb``): shared shell plus one package per game."""
