"""Every option a message names is one the command showing it accepts.

The messages are gm's string literals (docstrings and comments aside), its spoken lines
(prompts/en) and the README. An option inside a quoted command ('gm resume funocracy
--state-dir DIR') belongs to that command; elsewhere it belongs to every command that can show
the message, which SHOWN_BY says for each module.
"""

from __future__ import annotations

import argparse
import ast
import re
from pathlib import Path

import pytest

from gm.cli import build_parser

ROOT = Path(__file__).resolve().parent.parent
OPTION = re.compile(r"(?<![\w-])--[a-z][a-z-]*[a-z]")
QUOTED = re.compile(r"'(gm [^']*)'|`((?:\.venv/bin/)?gm [^`]*)`")
PLAYING = ("play", "resume", "demo")
SPEAKING = (*PLAYING, "say")
HEARING = ("play", "resume", "listen")

# The commands whose errors come from each module (a module not named here must be added).
SHOWN_BY = {
    "gm/speech/tts.py": SPEAKING,
    "gm/speech/piper.py": SPEAKING,
    "gm/speech/synth.py": SPEAKING,
    "gm/speech/voices.py": (*SPEAKING, "voices"),
    "gm/speech/audio.py": HEARING,
    "gm/dialog/hearing.py": HEARING,
    "gm/speech/asr/__init__.py": (*PLAYING, "listen"),
    "gm/speech/asr/whisper.py": (*PLAYING, "listen"),
    "gm/state.py": (*PLAYING, "games"),
    "gm/config.py": ("play", "demo"),
    "gm/speech/models.py": ("models",),
    "gm/display/server.py": PLAYING,
}
# gm/cli.py: a cmd_NAME function's strings are gm NAME's; the others' are listed here.
CLI_SHOWN_BY = {
    "run_game": ("play", "resume"),
    "_run_game": PLAYING,
    "stopped_saying": PLAYING,
    "text_input": HEARING,
    "refuse_overwriting": PLAYING,
    "resume_command": ("resume",),
    "play_command": ("resume", "games"),
    "keep_unfinished": ("demo",),
    "expectation": ("listen",),
    "main": ("gm",),  # any command
    "error": ("gm",),
    "parse_known_args": ("play", "resume"),  # '--voice tcp://HOST:PORT' read as --voice-uri
    "_new_game": ("play",),
    "check_play": ("play",),  # ./scripts/play's check of gm play's options
}


def accepted() -> dict[str, set[str]]:
    """Each command's options, from gm's own parser; "gm" for those before the command."""
    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {
        "gm": {o for action in parser._actions for o in action.option_strings},
        **{
            name: {o for action in sub._actions for o in action.option_strings}
            for name, sub in commands.choices.items()
        },
    }


ACCEPTED = accepted()


def named(text: str, commands: tuple[str, ...], where: str) -> list[tuple[str, str, str]]:
    """(where, command, option) for each option the text names, with the command it names."""
    found = []
    for match in QUOTED.finditer(text):
        quoted = (match.group(1) or match.group(2)).split("#")[0]
        words = quoted.replace(".venv/bin/", "").split()
        command = words[1] if len(words) > 1 and words[1] in ACCEPTED else None
        found += [(where, command or "gm", o) for o in OPTION.findall(quoted)]
    rest = QUOTED.sub(" ", text)
    found += [(where, c, o) for o in OPTION.findall(rest) for c in commands]
    return found


def _docstrings(tree: ast.AST) -> set[int]:
    kinds = (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
    return {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, kinds)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }


def _in_add_argument(node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    while id(node) in parents:
        node = parents[id(node)]
        if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "add_argument":
            return True
    return False


def code_messages() -> list[tuple[str, str, str]]:
    """Options named in gm's string literals (help texts are checked by the parser itself)."""
    found = []
    for path in sorted((ROOT / "gm").rglob("*.py")):
        module = str(path.relative_to(ROOT))
        tree = ast.parse(path.read_text())
        docstrings = _docstrings(tree)
        parents = {id(c): p for p in ast.walk(tree) for c in ast.iter_child_nodes(p)}
        functions = [
            f for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
        ]
        for node in ast.walk(tree):
            if isinstance(parents.get(id(node)), ast.List):
                continue  # a command line gm runs (espeak-ng's --stdout), no message
            if isinstance(node, ast.JoinedStr):
                text = "".join(v.value if isinstance(v, ast.Constant) else "X" for v in node.values)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                if isinstance(parents.get(id(node)), ast.JoinedStr):
                    continue
                text = node.value
            else:
                continue
            if id(node) in docstrings or not OPTION.search(text):
                continue
            if _in_add_argument(node, parents):
                continue
            where = f"{module}:{node.lineno}"
            if module == "gm/cli.py":
                function = next(
                    (
                        f.name
                        for f in reversed(functions)
                        if f.lineno <= node.lineno <= (f.end_lineno or f.lineno)
                    ),
                    "",
                )
                command = function.removeprefix("cmd_")
                commands = (command,) if command in ACCEPTED else CLI_SHOWN_BY.get(function)
            else:
                commands = SHOWN_BY.get(module)
            assert commands is not None, f"{where}: say which commands show {text!r}"
            found += named(text, commands, where)
    return found


def document_messages() -> list[tuple[str, str, str]]:
    """Options named in the spoken lines (said by a game) and in the README."""
    found = []
    for path in sorted((ROOT / "prompts" / "en").glob("*.toml")):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            found += named(line, PLAYING, f"{path.relative_to(ROOT)}:{number}")
    in_code = False
    for number, line in enumerate((ROOT / "README.md").read_text().splitlines(), 1):
        if line.startswith("```"):
            in_code = not in_code
            continue
        if in_code and re.match(r"\s*\./scripts/(?!play)", line):
            continue  # another script's options (./scripts/test passes pytest's)
        line = line.replace("./scripts/play", "gm play")
        command = re.match(r"\s*(?:\.venv/bin/)?gm (\w+)", line) if in_code else None
        if command and command.group(1) in ACCEPTED:
            line = f"`{line.split('#')[0]}` {''.join(line.split('#')[1:])}"
        found += named(line, ("gm",), f"README.md:{number}")
    return found


MESSAGES = code_messages() + document_messages()


def test_the_collection_finds_the_messages_it_should():
    assert any(
        where.startswith("gm/speech/tts.py:") and (c, o) == ("say", "--console")
        for where, c, o in MESSAGES
    )
    assert any(where.startswith("README.md") and c == "play" for where, c, _ in MESSAGES)


@pytest.mark.parametrize("where,command,option", MESSAGES)
def test_every_option_a_message_names_is_accepted(where, command, option):
    if command == "gm":  # no command named: some command of gm's takes it
        assert any(option in options for options in ACCEPTED.values()), (where, option)
    else:
        assert option in ACCEPTED[command], f"{where}: 'gm {command}' does not take {option}"


@pytest.mark.parametrize("command", sorted(set(ACCEPTED) - {"gm"}))
def test_every_option_a_help_text_names_is_accepted(command):
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for action in sub.choices[command]._actions:
        for option in OPTION.findall(action.help or ""):
            assert option in ACCEPTED[command], f"'gm {command} --help' names {option}"


def test_every_option_and_argument_says_what_it_is_for():
    """'gm COMMAND --help' explains each thing it lists: nothing shown without a help text."""
    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    bare = [
        f"gm {name} {action.option_strings or action.dest}"
        for name, sub in commands.choices.items()
        for action in sub._actions
        if not action.help and not isinstance(action, argparse._HelpAction)
    ]
    assert bare == []
