import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { unbrokenNumbers } from './cancellation-policy';

describe("the policy's phone numbers", () => {
  it('keeps a phone number in the hotel’s words on one line, left to right, and leaves short numbers as text', () => {
    const view = render(
      <p>{unbrokenNumbers('ألغِ مجاناً حتى ٤٨ ساعة، ثم اتصل بنا على +968 2445 1000 أو ٩١٢٣ ٤٥٦٧.')}</p>,
    );
    const numbers = view.getAllByTestId('policy-number');
    expect(numbers.map((n) => n.textContent)).toEqual(['+968 2445 1000', '٩١٢٣ ٤٥٦٧']);
    for (const n of numbers) {
      expect(n.tagName).toBe('BDI');
      expect(n.getAttribute('dir')).toBe('ltr');
      expect(n.className).toContain('whitespace-nowrap');
    }
    expect(view.container.textContent).toBe(
      'ألغِ مجاناً حتى ٤٨ ساعة، ثم اتصل بنا على +968 2445 1000 أو ٩١٢٣ ٤٥٦٧.',
    );
  });
});
