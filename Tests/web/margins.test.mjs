// Decision margins in words (web/margins.mjs, and the log's explanation in web/legend.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { marginText } from '../../web/margins.mjs';
import { explain } from '../../web/legend.mjs';

const interval = { rule: 'UIKIT-TAP', threshold: 'maximumIntervalBetweenSuccessiveTaps', measured: 120, limitValue: 350, limit: 'atMost', side: 'inside', unit: 'ms' };

test('a margin reads as its threshold, the measured value and the limit with its unit', () => {
  assert.equal(marginText(interval), 'maximumIntervalBetweenSuccessiveTaps 120 ms (≤ 350 ms)');
  assert.equal(marginText({ ...interval, threshold: 'hysteresis', measured: 10.26, limitValue: 10, limit: 'atLeast', unit: 'pt' }), 'hysteresis 10.3 pt (≥ 10 pt)');
  assert.equal(marginText({ ...interval, threshold: 'numberOfTouchesRequired', measured: 1, limitValue: 2, limit: 'exactly', unit: 'count' }), 'numberOfTouchesRequired 1 (= 2)');
});

test('a tapped transition explains the thresholds behind it, held or crossed', () => {
  const entry = { kind: 'transition', recognizer: 'zoomDoubleTap', from: 'possible', to: 'failed', reason: 'multi-tap interval 350 ms elapsed after tap 1 of 2',
    margins: [{ ...interval, measured: 350, side: 'outside' }] };
  assert.equal(explain(entry), 'Recognizer zoomDoubleTap went from possible to failed because multi-tap interval 350 ms elapsed after tap 1 of 2.'
    + ' Its thresholds: maximumIntervalBetweenSuccessiveTaps 350 ms (≤ 350 ms) crossed (UIKIT-TAP).');
  assert.equal(explain({ ...entry, margins: undefined }), 'Recognizer zoomDoubleTap went from possible to failed because multi-tap interval 350 ms elapsed after tap 1 of 2.');
});
