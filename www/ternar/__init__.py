"""Ternar («Тернар») browser glue: hex network page (see app.py)."""
