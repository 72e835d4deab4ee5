import { describe, expect, it } from 'vitest';
import { demoMp4, fakeMp4 } from '#test-support/server/video-files';
import { mp4DurationSeconds } from './mp4.ts';

/** A box: 32-bit size, type, content. */
const box = (type: string, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};
const ftyp = box('ftyp', Buffer.from('isom'), Buffer.alloc(4), Buffer.from('isomiso2'));
function mvhd0(timescale: number, duration: number) {
  const body = Buffer.alloc(100);
  body.writeUInt32BE(timescale, 12);
  body.writeUInt32BE(duration, 16);
  return box('mvhd', body);
}
function mvhd1(timescale: number, duration: bigint) {
  const body = Buffer.alloc(112);
  body[0] = 1;
  body.writeUInt32BE(timescale, 20);
  body.writeBigUInt64BE(duration, 24);
  return box('mvhd', body);
}

describe('mp4DurationSeconds', () => {
  it("reads the demo's real MP4s (6 s)", () => {
    expect(mp4DurationSeconds(demoMp4())).toBe(6);
    expect(mp4DurationSeconds(demoMp4('resolutivo-2'))).toBe(6);
  });

  it.each([
    ['version 0, moov first', Buffer.concat([ftyp, box('moov', mvhd0(1000, 61_400)), box('mdat', Buffer.alloc(10))]), 61],
    ['version 0, moov after the media', Buffer.concat([ftyp, box('mdat', Buffer.alloc(10)), box('moov', box('trak'), mvhd0(600, 1_800))]), 3],
    ['version 1', Buffer.concat([ftyp, box('moov', mvhd1(90_000, 90_000n * 754n))]), 754],
    ['a fraction of a second is one second', Buffer.concat([ftyp, box('moov', mvhd0(1000, 200))]), 1],
  ])('%s', (_about, bytes, seconds) => {
    expect(mp4DurationSeconds(bytes)).toBe(seconds);
  });

  it.each([
    ['an ftyp and then HTML', fakeMp4()],
    ['no ftyp first', Buffer.concat([box('moov', mvhd0(1000, 5000)), ftyp])],
    ['no moov', Buffer.concat([ftyp, box('mdat', Buffer.alloc(20))])],
    ['no mvhd', Buffer.concat([ftyp, box('moov', box('trak'))])],
    ['a box running past the end', Buffer.concat([ftyp, box('moov', mvhd0(1000, 5000))]).subarray(0, 60)],
    ['a timescale of 0', Buffer.concat([ftyp, box('moov', mvhd0(0, 5000))])],
    ['an unknown duration', Buffer.concat([ftyp, box('moov', mvhd0(1000, 0xffffffff))])],
    ['a day and more', Buffer.concat([ftyp, box('moov', mvhd0(1, 86_401))])],
    ['nothing', Buffer.alloc(0)],
    ['text', Buffer.from('hola, esto no es un vídeo')],
  ])('refuses %s', (_about, bytes) => {
    expect(mp4DurationSeconds(bytes)).toBeNull();
  });
});
