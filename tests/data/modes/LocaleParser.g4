parser grammar LocaleParser;

options { tokenVocab = LocaleLexer; }

s : (NAME (LB LANG (US CTRY)? (AT MOD)? RB)? NL)* EOF ;
