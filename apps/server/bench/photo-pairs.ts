/**
 * npm run bench:photo-pairs (part of npm run bench): the near-duplicate threshold on the committed
 * photo-pair set (test/fixtures/photo-pairs: 14 scenes, ten of them doors of two corridors, each
 * photographed, re-shot and sent on; 42 photos, 42 pairs of one scene and 819 of two). Every
 * photo is hashed as an upload is (processImage), then each threshold around the chosen one is
 * printed with its false positives (two scenes called near) and false negatives (one scene not).
 */
import { NEAR_DUPLICATE_MAX_DISTANCE } from '../src/modules/job-sheets/photos/perceptual-hash';
import { photoPairs, rates } from '../test/fixtures/photo-pairs/photo-pairs';

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;

async function main() {
  const started = performance.now();
  const pairs = await photoPairs();
  const hashing = performance.now() - started;
  const different = pairs.filter((pair) => !pair.same);
  const nearest = Math.min(...different.map((pair) => pair.distance));
  const nearestLookAlike = Math.min(
    ...different.filter((pair) => pair.lookAlike).map((pair) => pair.distance),
  );
  console.log(
    `Photo pairs: ${pairs.filter((pair) => pair.same).length} of one scene, ${different.length} of two ` +
      `(hashed in ${hashing.toFixed(0)} ms); nearest two scenes ${nearest} bits apart, ` +
      `nearest two doors of one corridor ${nearestLookAlike}.`,
  );
  console.table(
    Array.from({ length: 9 }, (_, index) => NEAR_DUPLICATE_MAX_DISTANCE - 4 + index).map(
      (threshold) => {
        const r = rates(pairs, threshold);
        return {
          threshold:
            threshold === NEAR_DUPLICATE_MAX_DISTANCE ? `${threshold} (chosen)` : threshold,
          'false positives': `${r.falsePositives}/${r.negatives} (${percent(r.falsePositiveRate)})`,
          'false negatives': `${r.falseNegatives}/${r.positives} (${percent(r.falseNegativeRate)})`,
          'sent-on copies missed': `${r.sentOnMissed}/${r.sentOn}`,
        };
      },
    ),
  );
}

await main();
