/** Common words of technical writing: the head of the vocabulary, drawn most often. */
export const COMMON_WORDS =
  `the of and to in is that for it as with on this be are by not or from at
an can your we you but have more when will if one all which their they what its has so than was do
how our also into only there other some time use these then them any most like just each many about
new first data code query index cache server client request response page post user users database
table column row search test tests build deploy release system service api json http browser render
performance memory latency throughput error errors type types function value values string number
array object module package version update write read file files network load fast slow small large
team work design review change changes problem problems answer question result results example
state event events field fields form input output image images style layout screen mobile desktop
access keyboard focus label contrast reader content text title summary list link links route routes
migration schema transaction lock locks replica primary backup restore metric metrics trace log logs
budget bundle script scripts compile compiler strict generic interface union record promise async
await stream buffer queue worker workers thread process cluster node edge origin proxy header headers
status cookie session token secret key hash sort filter group join count limit offset cursor paging
career interview manager mentor growth learning writing feedback meeting project plan estimate`
    .split(/\s+/)
    .filter(Boolean);

const SYLLABLES =
  `ka lo mi ne ru sa te vi zo an el ir on ul ba de fi go hu ja ke li mo nu pa qui re si to
va we xi yo za bra cle dri fro gla ple sto tri vra zen mar tol fen dus kor lin pex rom sul tav`
    .split(/\s+/)
    .filter(Boolean);

/** A deterministic pseudo-random generator (mulberry32), so a seed always gives the same site. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The long tail: made-up but pronounceable words, so rare terms exist as in real prose. */
export function rareWords(count: number, next: () => number): string[] {
  const words = new Set<string>();
  while (words.size < count) {
    const parts = 2 + Math.floor(next() * 3);
    let word = '';
    for (let i = 0; i < parts; i++) word += SYLLABLES[Math.floor(next() * SYLLABLES.length)];
    words.add(word);
  }
  return [...words];
}

/** Draws words with a Zipf-like skew: a few very common, a long tail of rare ones. */
export function zipfPicker(vocabulary: string[], next: () => number): () => string {
  return () => vocabulary[Math.floor(vocabulary.length * next() ** 3)]!;
}
