"""Run Map browser glue: the seeded route map, the run loop screens and co-op over BroadcastChannel."""
