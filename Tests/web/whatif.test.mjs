// The what-if form's changes (web/whatif.mjs): a property as the short form, a relationship as an
// `act` action, in the vocabulary of `what-if` (docs/protocol.md §4.13).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { changeOf, propertiesOf } from '../../web/whatif.mjs';

test('a property change is the short form NAME.PROPERTY=VALUE', () => {
  assert.equal(changeOf({ recognizer: 'doubleTap', property: 'maximumIntervalBetweenSuccessiveTaps', value: ' 0.2 ' }),
    'doubleTap.maximumIntervalBetweenSuccessiveTaps=0.2');
  assert.equal(changeOf({ recognizer: 'tap', property: 'cancelsTouchesInView', value: 'false' }), 'tap.cancelsTouchesInView=false');
});

test('a relationship added or removed is a relate or unrelate action', () => {
  assert.deepEqual(changeOf({ recognizer: 'singleTap', property: 'require(toFail:) — remove', other: 'doubleTap' }),
    { unrelate: { requireToFail: ['singleTap', 'doubleTap'] } });
  assert.deepEqual(changeOf({ recognizer: 'pan', property: 'simultaneous — add', other: 'pinch' }),
    { relate: { simultaneous: ['pan', 'pinch'] } });
});

test('each recognizer class offers its own thresholds, then the flags and the relationships', () => {
  const tap = propertiesOf('UITapGestureRecognizer');
  assert.deepEqual(tap.slice(0, 2), ['numberOfTapsRequired', 'numberOfTouchesRequired']);
  assert.ok(tap.includes('cancelsTouchesInView') && tap.includes('require(toFail:) — add'));
  assert.ok(!tap.includes('minimumNumberOfTouches'));
  assert.ok(propertiesOf('UIPanGestureRecognizer').includes('minimumNumberOfTouches'));
  // A custom class still offers the flags and relationships every recognizer has.
  assert.equal(propertiesOf('CheckmarkGestureRecognizer')[0], 'cancelsTouchesInView');
});
