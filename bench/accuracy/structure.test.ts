import { describe, expect, it } from 'vitest';
import { addStructure, emptyStructure, markdownElements, scoreStructure } from './structure.js';

describe('markdownElements', () => {
  it('reads headings, list items, table rows, fenced code and quotes as word keys', () => {
    const md = [
      '## [Black smokers](https://x.org/a)', '', 'A paragraph is no element.', '',
      '- First item', '   1. Nested *one*', '', '| Vent | Depth |', '| --- | --- |', '| TAG | 3,600 m |', '',
      '```python', 'x = 1', '# not a heading', '```', '', '> Quoted', '> > twice',
    ].join('\n');
    expect(markdownElements(md)).toEqual({
      heading: ['black smokers'],
      item: ['first item', 'nested one'],
      row: ['vent depth', 'tag 3 600 m'],
      code: ['x 1 not a heading'],
      quote: ['quoted', 'twice'],
    });
  });
  it('takes an unclosed fence to the end as code', () => {
    expect(markdownElements('~~~\nlet a;\n```\nb').code).toEqual(['let a b']);
  });
});

describe('scoreStructure', () => {
  it('matches elements of the same kind and words, as a bag', () => {
    const gold = '# Title\n\n- a b\n- a b\n- c';
    const s = scoreStructure('## title\n\n* a b\n\na b\n\n- d', gold);
    expect(s.heading).toEqual({ gold: 1, predicted: 1, matched: 1 });
    // one "a b" is a paragraph in the prediction, so one of the gold's two is matched
    expect(s.item).toEqual({ gold: 3, predicted: 2, matched: 1 });
    expect(s.row).toEqual({ gold: 0, predicted: 0, matched: 0 });
  });
  it('sums pages', () => {
    const total = addStructure(addStructure(emptyStructure(), scoreStructure('# a', '# a')), scoreStructure('', '# b'));
    expect(total.heading).toEqual({ gold: 2, predicted: 1, matched: 1 });
  });
});
