#!/usr/bin/env bash
# Regenerates the demo training videos in public/media (6 s, 640x360, ~35 KB each) with
# Debian's ffmpeg. The files are committed; run this only to change them.
set -euo pipefail
cd "$(dirname "$0")/../public/media"
font=/usr/share/fonts/truetype/dejavu
gen() {
  ffmpeg -loglevel error -y -f lavfi -i "color=c=$3:s=640x360:d=6:r=24" \
    -f lavfi -i "sine=frequency=440:duration=6:sample_rate=22050" \
    -vf "drawtext=fontfile=$font/DejaVuSans-Bold.ttf:text='+impecable':fontcolor=white@0.9:fontsize=28:x=24:y=24,drawtext=fontfile=$font/DejaVuSans-Bold.ttf:text='$4':fontcolor=white:fontsize=40:x=(w-text_w)/2:y=(h-text_h)/2,drawtext=fontfile=$font/DejaVuSans.ttf:text='%{eif\:t+1\:d} / 6':fontcolor=white@0.8:fontsize=22:x=w-tw-24:y=h-th-24" \
    -af "volume=0.05" -c:v libx264 -profile:v baseline -pix_fmt yuv420p -crf 30 -preset veryfast \
    -c:a aac -b:a 32k -movflags +faststart -shortest "$1-$2.mp4"
}
for entry in "devalor:#1d4ed8:De Valor" "resolutivo:#047857:Resolutivo" "accesible:#b45309:Accesible"; do
  IFS=: read -r slug color name <<<"$entry"
  gen "$slug" 0 "$color" "$name · Presentación"
  gen "$slug" 1 "$color" "$name · Módulo 1"
  gen "$slug" 2 "$color" "$name · Módulo 2"
done
