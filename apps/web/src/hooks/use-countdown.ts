import { useEffect, useState } from 'react';

/**
 * Whole seconds left until a moment, counting down once a second; 0 when it has passed. `start(seconds)` sets
 * the moment, so a button can say how long until it may be pressed again.
 */
export function useCountdown() {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  useEffect(() => {
    if (left === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left]);
  const start = (seconds: number) => {
    const at = Date.now();
    setNow(at);
    setUntil(at + seconds * 1000);
  };
  return { left, start };
}
