" YaoXiang sources use the .yx extension.
autocmd BufRead,BufNewFile *.yx setfiletype yaoxiang
