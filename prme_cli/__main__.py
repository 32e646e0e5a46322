"""Allow ``python -m prme_cli``."""

from prme_cli.cli import main

if __name__ == "__main__":
    main()
