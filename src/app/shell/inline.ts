// The page's inline script (scripts/vite/app-shell.ts bundles it into index.html): the first
// paint for this page, with the files the build lists for each route.
import { bootShell, type BootFiles } from './boot.ts';

declare const BOOT_FILES: BootFiles;

bootShell(window, BOOT_FILES);
