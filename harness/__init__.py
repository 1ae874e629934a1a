"""What the tests and the benchmarks share: brute-force references to check the engine against,
and the servers they start. Neither the tests nor the benchmarks import each other; both import
this package."""
