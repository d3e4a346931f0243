"""The browser layer.  Only :mod:`hearts.web.shell` touches js/pyodide/pyscript; every
other module here is pure Python, tested in CPython with fakes."""
