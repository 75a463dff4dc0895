import { useLingui } from '@lingui/react/macro';
import { type HTMLAttributes, useState } from 'react';
import Lightbox, { type SlideImage } from 'yet-another-react-lightbox';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import { useLanguage } from '@/hooks/use-language';
import { formatCount } from '@/lib/format';
import type { ShownImage } from '@/lib/photos';

/** `url 480w, url 960w` as the lightbox's sources (each width with its height at the photo's ratio). */
function sourcesOf(image: ShownImage): SlideImage['srcSet'] {
  if (!image.srcSet) return undefined;
  return image.srcSet.split(', ').map((entry) => {
    const [src = '', w = ''] = entry.split(' ');
    const width = Number.parseInt(w, 10);
    return { src, width, height: Math.round((width * image.height) / image.width) };
  });
}

/**
 * Photos full screen (docs/decisions/033-photo-first-pages.md):
 * yet-another-react-lightbox with its Zoom plugin, a lazy chunk loaded when a guest opens a
 * photo. Swipe or the arrow keys move between photos (in the reading direction: the library
 * follows the page's `dir`), pinch, double tap or the wheel zoom, Escape or the close button
 * closes and gives focus back. Its labels are the app's, in the active language.
 */
export default function PhotoViewer({
  images,
  index,
  onClose,
}: {
  images: ShownImage[];
  index: number;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const single = images.length < 2;
  const [current, setCurrent] = useState(index);
  // The photos as they were when opened, the same array on every render: new slides would
  // send the library back to `index`.
  const [slides] = useState(() =>
    images.map((image) => ({
      src: image.src,
      alt: image.alt,
      width: image.width,
      height: image.height,
      srcSet: sourcesOf(image),
    })),
  );
  return (
    <Lightbox
      open
      close={onClose}
      index={index}
      slides={slides}
      plugins={[Zoom]}
      carousel={{ finite: single }}
      controller={{ closeOnBackdropClick: true }}
      // Opened from a dialog (an offer's photo in the offers panel), the viewer is outside the
      // dialog's DOM: react-aria would take a tap on its arrows for a tap outside and close the
      // dialog, hide the viewer from screen readers and pull focus back. Marked as a top layer
      // (as react-aria's own toasts are), it is none of these.
      portal={{ container: { 'data-react-aria-top-layer': 'true' } as HTMLAttributes<HTMLDivElement> }}
      render={single ? { buttonPrev: () => null, buttonNext: () => null } : undefined}
      styles={{ root: { '--yarl__color_backdrop': 'rgb(5, 20, 26)' } as never }}
      labels={{
        Previous: t`Previous photo`,
        Next: t`Next photo`,
        Close: t`Close`,
        'Zoom in': t`Zoom in`,
        'Zoom out': t`Zoom out`,
        Lightbox: t`Photos, full screen`,
        'Photo gallery': t`Photos`,
        Carousel: t`carousel`,
        Slide: t`slide`,
        // The library puts the numbers in: "{index} of {total}" in the active language.
        '{index} of {total}': t`${'{index}'} of ${'{total}'}`,
      }}
      on={{ view: ({ index: shown }) => setCurrent(shown) }}
      className={`photo-viewer lang-${language}`}
      // The counter the library does not have: "n / total" in the page's digits.
      toolbar={{
        buttons: [
          <span
            key="count"
            className="self-center px-3 text-sm font-semibold text-white"
            aria-live="polite"
            data-testid="photo-viewer-counter"
          >
            {formatCount(current + 1, language)} / {formatCount(images.length, language)}
          </span>,
          'zoom',
          'close',
        ],
      }}
    />
  );
}
