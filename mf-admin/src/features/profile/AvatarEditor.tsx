/**
 * The profile picture: choose an image, place a square crop on it (drag to move, zoom with the
 * slider, the wheel or the keyboard) and upload what the crop shows, drawn on a canvas in the
 * browser. The server decodes and re-encodes it (256 × 256 WebP, no metadata), so what is sent
 * only needs to be a PNG or JPEG of the crop. Removing the picture asks first.
 */
import { type ChangeEvent, type KeyboardEvent, type PointerEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AVATAR_CONTENT_TYPES, AVATAR_MAX_BYTES, AVATAR_TOO_LARGE, MESSAGES, type UserProfile } from '@fieldwatch/shared';
import { useRemote } from '@fieldwatch/shared/remote';
import { Button, ConfirmDialog, Modal } from '@fieldwatch/shared/ui';
import { Avatar } from './Avatar';
import { deleteAvatar, uploadAvatar, type SaveResult } from './save';
import css from './Profile.module.css';

/** Side of the uploaded square, in pixels (the server keeps 256 × 256). */
export const CROP_SIZE = 256;
/** Largest picture read: the server's own limit of pixels (4096 × 4096), and of the file. */
const MAX_PIXELS = 4096 * 4096;
const MAX_FILE_BYTES = 15 * 1024 * 1024;
const MAX_ZOOM = 4;

export interface Crop {
  /** Centre of the square, in the image's pixels. */
  cx: number;
  cy: number;
  zoom: number;
}

/** The square (in image pixels) a crop takes: at zoom 1 the whole shorter side. */
export function cropRect(w: number, h: number, c: Crop): { sx: number; sy: number; side: number } {
  const side = Math.min(w, h) / c.zoom;
  const sx = Math.min(Math.max(c.cx - side / 2, 0), w - side);
  const sy = Math.min(Math.max(c.cy - side / 2, 0), h - side);
  return { sx, sy, side };
}

/** The crop with its centre moved back inside the picture. */
export function clampCrop(w: number, h: number, c: Crop): Crop {
  const zoom = Math.min(Math.max(c.zoom, 1), MAX_ZOOM);
  const { sx, sy, side } = cropRect(w, h, { ...c, zoom });
  return { cx: sx + side / 2, cy: sy + side / 2, zoom };
}

function toBlob(canvas: HTMLCanvasElement, type: string, quality?: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/** The crop drawn at CROP_SIZE², as PNG, or JPEG should the PNG be over the server's limit. */
async function cropped(img: HTMLImageElement, crop: Crop): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  canvas.width = CROP_SIZE;
  canvas.height = CROP_SIZE;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  const { sx, sy, side } = cropRect(img.naturalWidth, img.naturalHeight, crop);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(img, sx, sy, side, side, 0, 0, CROP_SIZE, CROP_SIZE);
  const png = await toBlob(canvas, 'image/png');
  if (png && png.size <= AVATAR_MAX_BYTES) return png;
  return toBlob(canvas, 'image/jpeg', 0.9);
}

function loadImage(file: File): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('unreadable'));
    };
    img.src = url;
  });
}

export function AvatarEditor({ user }: { user: UserProfile }) {
  const { t } = useTranslation('admin');
  const remote = useRemote();
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState(false);
  const has = Boolean(user.avatar || user.thumbnail);

  useEffect(() => () => void (image && URL.revokeObjectURL(image.src)), [image]);

  /** The words for a refused upload or removal. */
  function problem(res: Extract<SaveResult, { ok: false }>): string {
    if (res.message === AVATAR_TOO_LARGE) return t('profile.avatar.tooLarge');
    if (res.message === MESSAGES.missingParameters) return t('profile.avatar.missing');
    if (res.message) return t('profile.avatar.failed', { reason: res.message });
    return t('profile.avatar.failedOffline');
  }

  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    setError(null);
    if (!file) return;
    if (file.size === 0) return setError(t('profile.avatar.missing'));
    if (!(AVATAR_CONTENT_TYPES as readonly string[]).includes(file.type)) return setError(t('profile.avatar.type'));
    if (file.size > MAX_FILE_BYTES) return setError(t('profile.avatar.tooLarge'));
    try {
      const img = await loadImage(file);
      if (img.naturalWidth * img.naturalHeight > MAX_PIXELS) {
        URL.revokeObjectURL(img.src);
        return setError(t('profile.avatar.tooLarge'));
      }
      setImage(img);
    } catch {
      setError(t('profile.avatar.unreadable'));
    }
  }

  async function onRemove() {
    setBusy(true);
    const res = await deleteAvatar(remote);
    setBusy(false);
    if (res.ok) {
      setConfirmDelete(false);
      remote.bus.emit('toast', { kind: 'success', message: t('profile.avatar.removed'), raw: true });
    } else setError(problem(res));
  }

  return (
    <div className={css.avatarEditor}>
      <Avatar user={user} />
      <div className={css.avatarActions}>
        <p className={css.muted}>{has ? t('profile.avatar.hint') : t('profile.personal.noPicture')}</p>
        <div className={css.buttons}>
          <input
            ref={fileInput}
            id={inputId}
            className={css.fileInput}
            // Reached through the "Choose picture" button (this one is invisible): named, out of the Tab order.
            aria-label={t('profile.avatar.choose')}
            tabIndex={-1}
            type="file"
            accept={AVATAR_CONTENT_TYPES.join(',')}
            onChange={(e) => void onFile(e)}
            data-testid="avatar-file"
          />
          <Button onClick={() => fileInput.current?.click()}>{t('profile.avatar.choose')}</Button>
          {has && (
            <Button variant="danger" onClick={() => setConfirmDelete(true)}>
              {t('profile.avatar.remove')}
            </Button>
          )}
        </div>
        {error && !image && (
          <p className={css.error} role="alert">
            {error}
          </p>
        )}
      </div>
      {image && (
        <CropDialog
          image={image}
          onCancel={() => setImage(null)}
          onUpload={async (blob) => {
            const res = await uploadAvatar(remote, blob);
            if (!res.ok) return problem(res);
            setImage(null);
            remote.bus.emit('toast', { kind: 'success', message: t('profile.avatar.saved'), raw: true });
            return null;
          }}
        />
      )}
      {confirmDelete && (
        <ConfirmDialog
          title={t('profile.avatar.removeTitle')}
          confirmLabel={t('profile.avatar.remove')}
          cancelLabel={t('common:action.cancel')}
          closeLabel={t('common:action.close')}
          onConfirm={() => void onRemove()}
          onCancel={() => {
            setConfirmDelete(false);
            setError(null);
          }}
          danger
          busy={busy}
          error={error ?? undefined}
          testId="avatar-remove-dialog"
        >
          {t('profile.avatar.removeText')}
        </ConfirmDialog>
      )}
    </div>
  );
}

/** Where the square goes: drag, wheel, arrows and +/- on the preview, or the zoom slider. */
function CropDialog(props: { image: HTMLImageElement; onCancel(): void; onUpload(blob: Blob): Promise<string | null> }) {
  const { t } = useTranslation('admin');
  const { image } = props;
  const w = image.naturalWidth;
  const h = image.naturalHeight;
  const [crop, setCrop] = useState<Crop>({ cx: w / 2, cy: h / 2, zoom: 1 });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);
  const drag = useRef<{ x: number; y: number; crop: Crop } | null>(null);
  const zoomId = useId();

  const move = (c: Crop) => setCrop(clampCrop(w, h, c));

  useEffect(() => {
    const ctx = canvas.current?.getContext?.('2d');
    if (!ctx) return;
    const { sx, sy, side } = cropRect(w, h, crop);
    ctx.clearRect(0, 0, CROP_SIZE, CROP_SIZE);
    ctx.drawImage(image, sx, sy, side, side, 0, 0, CROP_SIZE, CROP_SIZE);
  }, [crop, image, w, h]);

  /** Image pixels per pixel of the preview as shown. */
  const scale = () => {
    const shown = canvas.current?.getBoundingClientRect().width || CROP_SIZE;
    return cropRect(w, h, crop).side / shown;
  };

  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, crop };
  };
  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    const d = drag.current;
    if (!d) return;
    const k = scale();
    move({ ...d.crop, cx: d.crop.cx - (e.clientX - d.x) * k, cy: d.crop.cy - (e.clientY - d.y) * k });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLCanvasElement>) => {
    const step = cropRect(w, h, crop).side / 20;
    const by: Record<string, Partial<Crop>> = {
      ArrowLeft: { cx: crop.cx - step },
      ArrowRight: { cx: crop.cx + step },
      ArrowUp: { cy: crop.cy - step },
      ArrowDown: { cy: crop.cy + step },
      '+': { zoom: crop.zoom * 1.1 },
      '-': { zoom: crop.zoom / 1.1 },
    };
    const change = by[e.key];
    if (!change) return;
    e.preventDefault();
    move({ ...crop, ...change });
  };

  async function upload() {
    setError(null);
    setBusy(true);
    const blob = await cropped(image, crop);
    const problem = blob ? await props.onUpload(blob) : t('profile.avatar.unreadable');
    setBusy(false);
    if (problem) setError(problem);
  }

  return (
    <Modal
      title={t('profile.avatar.cropTitle')}
      onClose={busy ? () => undefined : props.onCancel}
      closeLabel={t('common:action.close')}
      testId="avatar-crop-dialog"
      footer={
        <>
          <Button onClick={props.onCancel} disabled={busy}>
            {t('common:action.cancel')}
          </Button>
          <Button variant="primary" onClick={() => void upload()} disabled={busy} data-testid="avatar-upload">
            {busy ? t('profile.avatar.uploading') : t('profile.avatar.upload')}
          </Button>
        </>
      }
    >
      <div className={css.crop}>
        <div className={css.cropFrame}>
          <canvas
            ref={canvas}
            width={CROP_SIZE}
            height={CROP_SIZE}
            className={css.cropCanvas}
            tabIndex={0}
            role="img"
            aria-label={t('profile.avatar.cropLabel')}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={() => (drag.current = null)}
            onPointerCancel={() => (drag.current = null)}
            onWheel={(e) => move({ ...crop, zoom: crop.zoom * (e.deltaY < 0 ? 1.1 : 1 / 1.1) })}
            onKeyDown={onKeyDown}
            data-testid="avatar-crop"
          />
          <span className={css.cropCircle} aria-hidden="true" />
        </div>
        <p className={css.muted}>{t('profile.avatar.cropHint')}</p>
        <label className={css.zoom} htmlFor={zoomId}>
          <span>{t('profile.avatar.zoom')}</span>
          <input
            id={zoomId}
            type="range"
            min={1}
            max={MAX_ZOOM}
            step={0.05}
            value={crop.zoom}
            onChange={(e) => move({ ...crop, zoom: Number(e.target.value) })}
          />
        </label>
        {error && (
          <p className={css.error} role="alert">
            {error}
          </p>
        )}
      </div>
    </Modal>
  );
}
