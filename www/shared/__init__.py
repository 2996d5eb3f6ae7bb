"""Shared browser glue used by every game page: loop, canvas, input, storage, audio, i18n, shell."""
