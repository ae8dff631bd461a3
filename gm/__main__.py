from gm.cli import main

raise SystemExit(main())
