// The sprite sheet and the stylesheet that places each emoji on it: loaded once, after the first screen.
import 'virtual:emoji-sprites.css';
import sheet from 'emoji-datasource-google/img/google/sheets-256/64.png';

document.documentElement.style.setProperty('--emoji-sheet', `url("${sheet}")`);
