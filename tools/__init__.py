"""Tools run by make (load test, benchmarks); the site never imports them."""
