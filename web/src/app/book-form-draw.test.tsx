import { afterEach, describe, expect, it } from 'vitest';
import { DRAW_BOOK, isDrawnBookOpen, takeDrawnBook } from '@/lib/drawn-book';
import { drawBookCopy } from '@/lib/drawn-book-copy';
import { BOOK_FORM_HTML, BOOK_FORM_MARK, drawBookForm } from './book-form-draw';
import { drawnRooms } from './rooms-draw';

/** The page with the form's template as the build renders it (its parts that matter here). */
function page() {
  document.body.innerHTML = `<template id="book-form"><div class="overlay"><div><section role="dialog" tabindex="-1">
    <h2>Book the ${BOOK_FORM_MARK}</h2><button type="button" data-drawn-close aria-label="Close"></button>
    <div data-testid="booking-form"><form>
      <input readonly name="roomType" value="${BOOK_FORM_MARK}">
      <input name="fullName"><input name="idNumber"><input name="phoneNumber">
      <div data-testid="phone-country"><button type="button">+968</button></div>
      <label><input type="checkbox"></label>
    </form></div></section></div></div></template>`;
  drawnRooms.set('gold', { name: 'Gold Room', left: 3 });
  drawnRooms.set('deluxe', { name: 'Deluxe Suite', left: 0 });
}

describe("a room's booking form drawn before the app", () => {
  afterEach(() => {
    takeDrawnBook();
    drawnRooms.clear();
    document.body.replaceChildren();
    document.documentElement.removeAttribute('style');
    delete document.documentElement.dataset.panelOpen;
  });

  it('is drawn for the room, named, holding the page, and gives the app what the guest did', async () => {
    page();
    let loaded!: () => void;
    expect(drawBookForm('gold', new Promise<void>((resolve) => (loaded = resolve)))).toBe(true);
    // Only once the stylesheet has loaded.
    expect(document.getElementById('drawn-book')).toBeNull();
    loaded();
    await Promise.resolve();
    const drawn = document.getElementById('drawn-book')!;
    expect(drawn.querySelector('h2')!.textContent).toBe('Book the Gold Room');
    expect(drawn.querySelector<HTMLInputElement>('[name="roomType"]')!.value).toBe('Gold Room');
    expect(document.activeElement).toBe(drawn.querySelector('[role="dialog"]'));
    expect(document.documentElement.style.overflow).toBe('hidden');
    expect(document.documentElement.dataset.panelOpen).toBe('');
    // A second tap draws no second form.
    expect(drawBookForm('gold')).toBe(false);

    const name = drawn.querySelector<HTMLInputElement>('[name="fullName"]')!;
    name.value = 'Salim';
    drawn.querySelector<HTMLInputElement>('[name="phoneNumber"]')!.value = '91234567';
    const box = drawn.querySelector<HTMLInputElement>('[type="checkbox"]')!;
    box.click();
    expect(box.closest('label')!.hasAttribute('data-selected')).toBe(true);
    drawn.querySelector<HTMLButtonElement>('[data-testid="phone-country"] button')!.click();
    name.focus();
    name.setSelectionRange(2, 2);

    expect(takeDrawnBook()).toEqual({
      closed: false,
      values: { fullName: 'Salim', idNumber: '', phoneNumber: '91234567' },
      optIn: true,
      focus: { name: 'fullName', start: 2, end: 2 },
      pressed: 0,
    });
    expect(document.getElementById('drawn-book')).toBeNull();
    // The app's form holds the page now (it marks it itself): the scroll as it was.
    expect(document.documentElement.style.overflow).toBe('');
    expect(takeDrawnBook()).toBeNull();
  });

  it('closed by Escape, by its button or by the backdrop, tells the app not to open the form', () => {
    for (const close of [
      () => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })),
      () => document.querySelector<HTMLButtonElement>('#drawn-book [data-drawn-close]')!.click(),
      () => document.getElementById('drawn-book')!.click(),
    ]) {
      page();
      expect(drawBookForm('gold')).toBe(true);
      close();
      expect(document.getElementById('drawn-book')).toBeNull();
      expect(document.documentElement.style.overflow).toBe('');
      expect(document.documentElement.dataset.panelOpen).toBeUndefined();
      expect(takeDrawnBook()).toEqual({
        closed: true,
        values: { fullName: '', idNumber: '', phoneNumber: '' },
        optIn: false,
      });
    }
  });

  it('closed and tapped again before the app, is drawn again with what was typed; the app takes that one', () => {
    page();
    expect(drawBookForm('gold')).toBe(true);
    const first = document.getElementById('drawn-book')!;
    first.querySelector<HTMLInputElement>('[name="phoneNumber"]')!.value = '91234567';
    first.querySelector<HTMLInputElement>('[type="checkbox"]')!.click();
    first.querySelector<HTMLButtonElement>('[data-drawn-close]')!.click();
    expect(isDrawnBookOpen()).toBe(false);
    expect(document.getElementById('drawn-book')).toBeNull();
    // Book Now again: the form, holding what was typed in the first.
    expect(drawBookForm('gold')).toBe(true);
    expect(isDrawnBookOpen()).toBe(true);
    const again = document.getElementById('drawn-book')!;
    expect(again).not.toBe(first);
    expect(again.querySelector<HTMLInputElement>('[name="phoneNumber"]')!.value).toBe('91234567');
    expect(again.querySelector<HTMLInputElement>('[type="checkbox"]')!.checked).toBe(true);
    expect(again.querySelector('label')!.hasAttribute('data-selected')).toBe(true);
    expect(document.documentElement.dataset.panelOpen).toBe('');
    expect(takeDrawnBook()).toMatchObject({
      closed: false,
      values: { phoneNumber: '91234567' },
      optIn: true,
    });
  });

  it('once the app has started: a copy closed before the form took it is drawn again at the next Book Now, with what was typed; one drawn before the app is not', () => {
    page();
    (window as { [DRAW_BOOK]?: typeof drawBookForm })[DRAW_BOOK] = drawBookForm;
    const fill = { fullName: 'Salim', email: '', idNumber: '', phoneNumber: '99887766', optIn: false };
    try {
      expect(drawBookCopy('gold', fill)).toBe(true);
      const first = document.getElementById('drawn-book')!;
      expect(first.querySelector<HTMLInputElement>('[name="phoneNumber"]')!.value).toBe('99887766');
      first.querySelector<HTMLInputElement>('[name="phoneNumber"]')!.value = '91234567';
      first.querySelector<HTMLInputElement>('[type="checkbox"]')!.click();
      // Open, a second tap draws no second copy.
      expect(drawBookCopy('gold', fill)).toBe(false);
      first.querySelector<HTMLButtonElement>('[data-drawn-close]')!.click();
      // Closed, the form not there yet: Book Now again draws it again, what was typed kept over the
      // flow's older values; the form, on its way, takes that one open.
      expect(drawBookCopy('gold', fill)).toBe(true);
      const again = document.getElementById('drawn-book')!;
      expect(again).not.toBe(first);
      expect(again.querySelector<HTMLInputElement>('[name="phoneNumber"]')!.value).toBe('91234567');
      expect(again.querySelector<HTMLInputElement>('[name="fullName"]')!.value).toBe('Salim');
      expect(takeDrawnBook()).toMatchObject({
        closed: false,
        values: { fullName: 'Salim', phoneNumber: '91234567' },
        optIn: true,
      });
      // A copy drawn before the app (the boot's), closed: the form opened as the app starts closes
      // at it, so the flow's call then draws none.
      expect(drawBookForm('gold')).toBe(true);
      document.querySelector<HTMLButtonElement>('#drawn-book [data-drawn-close]')!.click();
      expect(drawBookCopy('gold', fill)).toBe(false);
      expect(takeDrawnBook()).toMatchObject({ closed: true });
    } finally {
      delete (window as { [DRAW_BOOK]?: typeof drawBookForm })[DRAW_BOOK];
    }
  });

  it("takes its template from the string the rooms cards script's file leaves, at the first form drawn", () => {
    page();
    const template = document.getElementById('book-form')!;
    const html = template.outerHTML;
    template.remove();
    (window as { [BOOK_FORM_HTML]?: string })[BOOK_FORM_HTML] = html;
    try {
      expect(drawBookForm('gold')).toBe(true);
      expect(document.querySelectorAll('#book-form')).toHaveLength(1);
      expect(document.querySelector('#drawn-book h2')!.textContent).toBe('Book the Gold Room');
    } finally {
      delete (window as { [BOOK_FORM_HTML]?: string })[BOOK_FORM_HTML];
    }
  });

  it('is not drawn for a room none of which is left tonight, one not drawn, or without its template', () => {
    page();
    expect(drawBookForm('deluxe')).toBe(false);
    expect(drawBookForm('silver')).toBe(false);
    document.getElementById('book-form')!.remove();
    expect(drawBookForm('gold')).toBe(false);
    expect(takeDrawnBook()).toBeNull();
  });
});
