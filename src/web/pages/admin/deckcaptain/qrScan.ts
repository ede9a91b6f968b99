/**
 * Reading QR codes with the phone's camera. The browser's own BarcodeDetector where it
 * reads QR codes (Chrome on Android and macOS, Safari), else jsQR on frames drawn to a canvas. jsQR is
 * loaded only when a scan starts: it never comes with the screen, let alone the public pages.
 */

/** RGBA pixels, as `ImageData` holds them. */
export interface Frame {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** The QR code's text in an image; null when none is found. */
export async function decodeQrImage(frame: Frame): Promise<string | null> {
  const { default: jsQR } = await import('jsqr');
  // Printed cards are dark on light: not trying the inverted image halves the work per frame.
  return jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

/** The part of the Barcode Detection API used here (not in TypeScript's DOM types yet). */
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

/** Reads the code in the video's current frame, or null. */
export type VideoReader = (video: HTMLVideoElement) => Promise<string | null>;

/** Frames larger than this are scaled down before jsQR reads them: a card fills much of the view. */
const MAX_SIDE = 640;

export async function videoQrReader(): Promise<VideoReader> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (Detector) {
    const formats = (await Detector.getSupportedFormats?.().catch(() => [])) ?? ['qr_code'];
    if (formats.includes('qr_code')) {
      const detector = new Detector({ formats: ['qr_code'] });
      return async (video) => {
        try {
          return (await detector.detect(video))[0]?.rawValue ?? null;
        } catch {
          // A frame that is not ready yet: the next one is read.
          return null;
        }
      };
    }
  }
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || !video.videoWidth || !video.videoHeight) return null;
    const scale = Math.min(1, MAX_SIDE / Math.max(video.videoWidth, video.videoHeight));
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    return decodeQrImage(context.getImageData(0, 0, canvas.width, canvas.height));
  };
}

/** Why the camera could not be used, in the deck captain's words. */
export type CameraProblem = 'denied' | 'none' | 'insecure' | 'failed';

export const CAMERA_PROBLEMS: Record<CameraProblem, string> = {
  denied:
    'The camera is not allowed for this page. Allow it in the browser’s site settings to scan — typing the numbers works as always.',
  none: 'No camera was found on this device. Type the couple numbers instead.',
  insecure:
    'The browser offers the camera only to pages opened over https (or on this computer itself). Type the couple numbers instead.',
  failed: 'The camera could not be started (another app may be using it). Type the couple numbers instead.',
};

/** The back camera where there is one; throws `{ problem }` when there is none to use. */
export async function openCamera(): Promise<MediaStream> {
  const media = typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined;
  if (!media?.getUserMedia) throw new CameraError(window.isSecureContext === false ? 'insecure' : 'none');
  try {
    return await media.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
  } catch (e) {
    const name = e instanceof Error || e instanceof DOMException ? e.name : '';
    if (name === 'NotAllowedError' || name === 'SecurityError') throw new CameraError('denied');
    if (name === 'NotFoundError' || name === 'OverconstrainedError') throw new CameraError('none');
    throw new CameraError('failed');
  }
}

export class CameraError extends Error {
  constructor(readonly problem: CameraProblem) {
    super(CAMERA_PROBLEMS[problem]);
    this.name = 'CameraError';
  }
}
