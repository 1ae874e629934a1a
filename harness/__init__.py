"""What the tests and the benchmarks share: brute-force references to check the engine against
(``reference.py``, ``reference_layoffs.py``), the servers they start (``server.py``: the site;
``postgres.py``: a throwaway PostgreSQL cluster) and a client of Streamlit's websocket protocol
(``streamlit_protocol.py``). Neither the tests nor the benchmarks import each other; both import
this package, which imports neither."""
