"""Hearts engine: pure standard-library Python, runs on CPython and Pyodide."""
