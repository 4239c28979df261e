// Short sounds made with Web Audio (no audio files): your turn, a take, a discard, a
// win. Loaded, and its AudioContext created, on the first gesture with sounds on.

// Each sound: notes as [frequency Hz, start s, length s], a wave and a loudness.
const SOUNDS = {
	turn: {
		wave: 'sine',
		gain: 0.18,
		notes: [
			[660, 0, 0.12],
			[880, 0.1, 0.16],
		],
	},
	take: { wave: 'triangle', gain: 0.22, notes: [[260, 0, 0.07]] },
	discard: {
		wave: 'triangle',
		gain: 0.25,
		notes: [
			[180, 0, 0.06],
			[140, 0.04, 0.06],
		],
	},
	win: {
		wave: 'sine',
		gain: 0.18,
		notes: [
			[523, 0, 0.14],
			[659, 0.12, 0.14],
			[784, 0.24, 0.14],
			[1047, 0.36, 0.3],
		],
	},
}

// null where the browser has no Web Audio.
export function createSound() {
	const Audio = window.AudioContext || window.webkitAudioContext
	if (!Audio) return null
	const audio = new Audio()
	const note = (wave, gain, [freq, start, length]) => {
		const at = audio.currentTime + start
		const osc = audio.createOscillator()
		const env = audio.createGain()
		osc.type = wave
		osc.frequency.value = freq
		// A quick rise and a fall to silence: no click at either end.
		env.gain.setValueAtTime(0.0001, at)
		env.gain.exponentialRampToValueAtTime(gain, at + 0.01)
		env.gain.exponentialRampToValueAtTime(0.0001, at + length)
		osc.connect(env).connect(audio.destination)
		osc.start(at)
		osc.stop(at + length + 0.02)
	}
	return {
		play(kind) {
			const sound = SOUNDS[kind]
			if (!sound || document.hidden) return
			if (audio.state === 'suspended') audio.resume().catch(() => {})
			for (const n of sound.notes) note(sound.wave, sound.gain, n)
		},
		close: () => audio.close().catch(() => {}),
	}
}
