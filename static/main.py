# The page's Python entry point (<script type="py" src="./static/main.py">): everything
# lives in hearts.web; PyScript has already copied hearts/ into the interpreter.
from hearts.web.shell import main

main()
