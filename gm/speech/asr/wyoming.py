"""A Wyoming speech-to-text service (wyoming-faster-whisper) behind the Recognizer port.

gm's own endpointer decides where an utterance ends, exactly as for gm's Whisper; the utterance
is then streamed to the service (Transcribe, AudioStart, AudioChunk..., AudioStop) on a fresh
connection, and its Transcript is read by the same rules as gm's own Whisper's transcript
(`WhisperRecognizer.alternatives`: the ask's phrases, talk, Whisper's habits on noise). The
service gives a transcript and nothing else, so a closed ask is decided from that transcript,
not by forced choice; a transcript counts as sure (the service gives no confidence); and a phrase
is not picked out of a transcript of talk (the service does not say where its words lie, which
gm's Whisper measures to tell a command said over the table's talk from the talk).

Transcribe carries the ask's phrases as `context` ({"phrases": [...]}, and "hints" for open
answers) and the language: the protocol's place for them. wyoming-faster-whisper 3.8 reads only
the language; its prompt is its own --initial-prompt. A service that reads the context gets it.

gm's own Whisper is loaded beside it (in the background, as always) and hears every utterance
the service cannot: down at start, lost mid-game (the utterance under way is heard locally, so
no answer is lost), or slower than TIMEOUT; gm goes back to the service when it answers again.
"""

from __future__ import annotations

from pathlib import Path

from wyoming.asr import Transcribe
from wyoming.asr import Transcript as WireTranscript
from wyoming.audio import AudioChunk as WireChunk
from wyoming.audio import AudioStart, AudioStop

from gm.speech.asr.segment import Ended
from gm.speech.asr.whisper import Transcript, WhisperRecognizer, WhisperSettings
from gm.speech.base import RATE, Final
from gm.speech.wyoming import TIMEOUT, Connection, Service, ServiceError

CHUNK_BYTES = 2 * RATE // 10  # 0.1 s of audio a chunk, as a microphone satellite sends it
LANGUAGE = "en"


class WyomingRecognizer(WhisperRecognizer):
    name = "wyoming"

    def __init__(
        self,
        service: Service,
        model_path: str | Path | None = None,
        timeout: float = TIMEOUT,
        settings: WhisperSettings = WhisperSettings(),
    ) -> None:
        """`model_path`: gm's own Whisper, which hears what the service cannot."""
        self.service = service
        super().__init__(model_path, settings)
        self.timeout = timeout

    @property
    def description(self) -> str:
        """What gm says it listens with: the service while it answers, else its own Whisper."""
        return "the speech service" if self.service.up else self.local

    @description.setter
    def description(self, value: str) -> None:
        self.local = value  # WhisperRecognizer names its model here

    def _finish(self, audio: bytes, ended: Ended) -> Final:
        if ended.overlong or not audio or not self.service.up:
            return super()._finish(audio, ended)
        try:
            heard = self.remote(audio)
        except ServiceError:
            self.service.lost()
            return super()._finish(audio, ended)  # this utterance too: nothing said is lost
        alternatives = self.alternatives(heard)
        return Final(alternatives, ended.start, ended.end, noisy=ended.noisy)

    def remote(self, audio: bytes) -> Transcript:
        """The service's transcript of one utterance; ServiceError when it has none in time."""
        vocabulary = self._vocabulary
        context = {"phrases": list(vocabulary.phrases)}
        if vocabulary.hints:
            context["hints"] = list(vocabulary.hints)
        audio_format = {"rate": RATE, "width": 2, "channels": 1}
        with Connection(self.service.uri, self.timeout) as connection:
            connection.send(
                Transcribe(language=LANGUAGE, context=context),
                AudioStart(**audio_format),
                *(
                    WireChunk(audio=audio[i : i + CHUNK_BYTES], **audio_format)
                    for i in range(0, len(audio), CHUNK_BYTES)
                ),
                AudioStop(),
            )
            connection.restart_clock(self.timeout)
            while True:
                event = connection.receive()
                if WireTranscript.is_type(event.type):
                    text = WireTranscript.from_event(event).text or ""
                    return Transcript(text, logprob=0.0, no_speech=0.0)
