"""pydub contender: AudioSegment.from_wav, then slicing and .export(format="wav") per clip.
Usage: /usr/bin/python3 bench/cut-pydub.py <wav> <clips.json> <outDir>"""
import json
import os
import sys

from pydub import AudioSegment

wav_path, clips_path, out_dir = sys.argv[1:4]
with open(clips_path) as f:
    clips = json.load(f)
audio = AudioSegment.from_wav(wav_path)
for i, clip in enumerate(clips):
    audio[clip["startMs"]:clip["endMs"]].export(os.path.join(out_dir, "%05d.wav" % i), format="wav")
