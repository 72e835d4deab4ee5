// The look of a file upload area (users, programme packs), shared by the screens that have one.
import classes from './dropzone.module.css';

export const dropzoneClasses = classes;
