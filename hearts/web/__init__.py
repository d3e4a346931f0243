"""The browser layer.  Only :mod:`hearts.web.dom` touches js/pyodide; every other module
here is pure Python, tested in CPython with a fake document (tests/web/fakedom.py)."""
