// Zulip's lightbox: an inline image (or a YouTube preview) opens over the app instead of leaving it.
import { t } from '../i18n/i18n.ts';
import { signal } from '@preact/signals';
import { Modal } from './common.tsx';

type Shown = { kind: 'image'; src: string; href: string; title: string } | { kind: 'youtube'; id: string; href: string };
export const lightbox = signal<Shown | null>(null);

/** A click inside rendered message HTML: opens what it can, and says whether it did. */
export function openFromMessage(a: HTMLAnchorElement): boolean {
  const yt = a.dataset.youtubeId;
  if (yt) { lightbox.value = { kind: 'youtube', id: yt, href: a.href }; return true; }
  const img = a.querySelector('img');
  if (!img || !a.closest('.message_inline_image')) return false;
  const full = img.dataset.srcFullsize ?? a.getAttribute('href') ?? img.src;
  lightbox.value = { kind: 'image', src: full, href: a.href, title: a.title || img.alt || 'Image' };
  return true;
}

export function Lightbox() {
  const v = lightbox.value;
  if (!v) return null;
  const close = () => (lightbox.value = null);
  return (
    <Modal title={v.kind === 'image' ? v.title : t('YouTube video')} onClose={close} wide>
      <div class="lightbox-body">
        {v.kind === 'image'
          ? <img class="lightbox-image" src={v.src} alt={v.title} />
          : <iframe class="lightbox-video" title={t('YouTube video')} src={`https://www.youtube-nocookie.com/embed/${v.id}?autoplay=1`} allow="autoplay; encrypted-media; picture-in-picture" allowFullScreen />}
      </div>
      <div class="form-actions">
        <a class="button" href={v.href} target="_blank" rel="noopener noreferrer">{v.kind === 'image' ? t('Open original') : t('Open on YouTube')}</a>
        {v.kind === 'image' && <a class="button" href={v.href} download>{t('Download')}</a>}
        <button class="button primary" onClick={close}>{t('Close')}</button>
      </div>
    </Modal>
  );
}
