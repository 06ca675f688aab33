import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n-react.tsx';

/** What the camera is doing, for the message under the picture. */
export type CameraState = 'starting' | 'looking' | 'no-camera' | 'denied' | 'failed';

/** getUserMedia's refusal, as the kiosk explains it (docs/kiosk.md "Identify"). */
export const cameraProblem = (error: unknown): CameraState => {
  const name = error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error) ? String((error as { name: unknown }).name) : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError' || name === 'TypeError') return 'no-camera';
  return 'failed';
};

/** Frames are decoded at most this wide: enough for a phone's QR held up to the camera, and fast. */
const MAX_WIDTH = 640;
const FRAME_MS = 150;

/**
 * The kiosk's camera (issue 24): the browser's camera into a <video>, a frame every 150 ms drawn
 * to a canvas and read with `qr` (paulmillr/qr, pure JS: Chromium on Linux has no
 * BarcodeDetector). `onScan` gets the first text a frame decodes; the camera stops on unmount.
 */
export const QrScanner = ({ onScan, isPaused }: { onScan: (text: string) => void; isPaused: boolean }) => {
  const { t } = useTranslation('kiosk');
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('starting');
  const onScanRef = useRef(onScan);
  const pausedRef = useRef(isPaused);
  useEffect(() => {
    onScanRef.current = onScan;
    pausedRef.current = isPaused;
  });

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer = 0;
    let isStopped = false;
    const canvas = document.createElement('canvas');
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState('no-camera');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { width: { ideal: 1280 }, height: { ideal: 720 } }, audio: false });
      } catch (error) {
        if (!isStopped) setState(cameraProblem(error));
        return;
      }
      if (isStopped) {
        for (const track of stream.getTracks()) track.stop();
        return;
      }
      const element = video.current!;
      element.srcObject = stream;
      await element.play().catch(() => undefined);
      setState('looking');
      const { default: decodeQR } = await import('qr/decode.js');
      const context = canvas.getContext('2d', { willReadFrequently: true });
      const frame = () => {
        if (isStopped) return;
        if (!pausedRef.current && context && element.videoWidth > 0) {
          const scale = Math.min(1, MAX_WIDTH / element.videoWidth);
          canvas.width = Math.round(element.videoWidth * scale);
          canvas.height = Math.round(element.videoHeight * scale);
          context.drawImage(element, 0, 0, canvas.width, canvas.height);
          try {
            const text = decodeQR(context.getImageData(0, 0, canvas.width, canvas.height));
            if (text) onScanRef.current(text);
          } catch {
            // No code in this frame: try the next.
          }
        }
        timer = window.setTimeout(frame, FRAME_MS);
      };
      frame();
    };
    void start();
    return () => {
      isStopped = true;
      window.clearTimeout(timer);
      if (stream) for (const track of stream.getTracks()) track.stop();
    };
  }, []);

  const problem = state === 'no-camera' || state === 'denied' || state === 'failed';
  return (
    <div className="flex flex-col items-center gap-4">
      <div className={`relative aspect-[4/3] w-full max-w-2xl overflow-hidden rounded-2xl bg-neutral-900 ${problem ? 'hidden' : ''}`}>
        <video ref={video} muted playsInline aria-label={t('scan.video')} className="size-full -scale-x-100 object-cover" />
        <div aria-hidden="true" className="pointer-events-none absolute inset-[15%] rounded-xl border-4 border-white/80" />
      </div>
      {problem ? (
        <p role="alert" data-testid="camera-problem" className="w-full rounded-xl border-2 border-danger-700 bg-danger-50 p-6 text-xl text-danger-800 sm:text-2xl">
          {t(state === 'denied' ? 'scan.denied' : state === 'no-camera' ? 'scan.noCamera' : 'scan.cameraFailed')}
        </p>
      ) : (
        <p aria-live="polite" className="text-xl text-neutral-800 sm:text-2xl">
          {t(isPaused ? 'scan.checking' : state === 'starting' ? 'scan.starting' : 'scan.looking')}
        </p>
      )}
    </div>
  );
};
